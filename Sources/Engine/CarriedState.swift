import Config
import Covers

/// What a reload carries from the running engine into the one that replaces it, so that
/// an unchanged config changes nothing: for each command or remote input, signal and
/// output whose declaration did not change (the same name and kind, the same
/// declaration apart from where the file writes it), the state it had.
///
/// - command and remote inputs: their value (a remote input does not fall back to its
///   `fallback` while the bridge has its value);
/// - signals: their value, and what their form keeps besides: a `toggle`'s or a
///   `latch`'s state, the value a `sample` took, a `zip`'s value (a round under way
///   starts again), where a `within` attempt is, and a delay under way, which goes on
///   to its deadline. A `click` gesture under way starts again;
/// - covers declared the same way, with their outputs: all of their state; a move under
///   way goes on (its motor stays on, its deadline holds), a wait for the interlock
///   too. Covers on two motors declared otherwise: their position, and when their
///   motor was last released (the running one is released at the reload);
/// - outputs: a pulse under way (it ends when it would have) and where `max_on` is
///   (the time it has left, or held off until what the output follows goes off).
///
/// Everything else starts as at start: from the inputs, the kept values and `initial`.
struct CarriedState {
    /// A signal's state.
    struct SignalState {
        var value: Bool
        var expressionValue: Bool
        var changedAt: UInt64?
        /// The value a delay under way leads to, and when.
        var delay: (value: Bool, deadline: UInt64)?
        /// Where a `within` (two-hand) attempt is.
        var within: AllWithin.Phase?
        /// A `threshold` whose level came from a value (not its fallback): the band
        /// keeps it.
        var thresholdDecided = false
    }

    /// An output's timing.
    struct OutputState {
        /// When a pulse under way ends.
        var pulseEnd: UInt64?
        var maxOn: OutputMaxOn.Phase?
        /// The value a command held (`command: true`); nil: none held.
        var command: Bool?
        /// The mode chosen by hand (`override: true`) and when.
        var override: (mode: OverrideMode, chosenAt: UInt64?)?
    }

    /// Command and remote inputs: their value and when it last changed.
    var inputs: [String: (value: Bool, changedAt: UInt64?)] = [:]
    var signals: [String: SignalState] = [:]
    /// Numeric inputs and signals: their value (nil: unavailable) and when it last
    /// changed.
    var numbers: [String: (value: Double?, changedAt: UInt64?)] = [:]
    var outputs: [String: OutputState] = [:]
    /// Counters still counters (`count:`) under the same name, however declared: their
    /// total (a changed `multiply:` applies to the pulses after the reload, a changed
    /// unit takes the number as it is) and, when declared the same way, the pulses
    /// counted since start.
    var counters: [String: (total: Double, pulses: UInt64?)] = [:]
    /// Period counters declared the same way: the period they count and the last one's total.
    var periods: [String: (start: Int64?, last: Double?)] = [:]
    /// Whether the engine a reload replaces trusted the wall clock: once trusted, the
    /// clock stays trusted, through reloads too (a reload while NTP is briefly
    /// unsynchronized does not send windows to their fallback).
    var clockTrusted = false
    /// Rates declared the same way: their pulses and their decay go on.
    var rates: [String: RateRule.State] = [:]
    /// Covers declared the same way, and their outputs too: their whole state.
    var covers: [String: CoverNode.Carried] = [:]
    /// Other covers on two motors still on two motors under the same name: their
    /// position (a move under way stops: its motors are released with the old graph),
    /// and the motor last released, for the interlock's wait.
    var coverPositions: [String: Double] = [:]
    var coverReleases: [String: MotorRelease] = [:]

    init() {}

    /// The state of `previous`'s nodes that `configuration` declares the same way.
    init(from previous: Engine, to configuration: Configuration) {
        var commands: [String: CommandInputDeclaration] = [:]
        for declaration in configuration.commandInputs { commands[declaration.name] = declaration }
        var remotes: [String: RemoteInputDeclaration] = [:]
        for declaration in configuration.remoteInputs { remotes[declaration.name] = declaration }
        var sensors: [String: SensorInputDeclaration] = [:]
        for declaration in configuration.sensorInputs { sensors[declaration.name] = declaration }
        var signalDeclarations: [String: SignalDeclaration] = [:]
        for declaration in configuration.signals { signalDeclarations[declaration.name] = declaration }
        var outputDeclarations: [String: OutputDeclaration] = [:]
        for declaration in configuration.outputs { outputDeclarations[declaration.name] = declaration }

        // Inputs of any form (command, remote, sensor), and signals, declared the same way.
        var sameInputs = Set<String>()
        for declaration in previous.configuration.commandInputs
        where commands[declaration.name]?.isUnchanged(from: declaration) == true {
            sameInputs.insert(declaration.name)
        }
        for declaration in previous.configuration.remoteInputs
        where remotes[declaration.name]?.isUnchanged(from: declaration) == true {
            sameInputs.insert(declaration.name)
        }
        for declaration in previous.configuration.sensorInputs
        where sensors[declaration.name]?.isUnchanged(from: declaration) == true {
            sameInputs.insert(declaration.name)
        }
        var sameSignals = Set<String>()
        for declaration in previous.configuration.signals
        where signalDeclarations[declaration.name]?.isUnchanged(from: declaration) == true {
            sameSignals.insert(declaration.name)
        }

        for input in previous.virtualInputs where sameInputs.contains(input.name) {
            inputs[input.name] = (input.value, input.changedAt)
        }
        for node in previous.numbers where node.id.kind == .input ? sameInputs.contains(node.name)
            : sameSignals.contains(node.name) {
            numbers[node.name] = (node.value, node.changedAt)
        }
        for declaration in configuration.signals {
            guard case .count = declaration.expression, let counter = previous.counters[declaration.name] else { continue }
            counters[declaration.name] = (counter.total, sameSignals.contains(declaration.name) ? counter.pulses : nil)
            if sameSignals.contains(declaration.name), counter.period != nil {
                periods[declaration.name] = (counter.periodStart, counter.lastPeriodTotal)
            }
        }
        clockTrusted = previous.time?.isTrusted ?? false
        for (name, rule) in previous.rates where sameSignals.contains(name) {
            rates[name] = rule.state
        }
        let now = previous.loop.now
        for signal in previous.signals where !signal.declaration.expression.isMomentary && sameSignals.contains(signal.name) {
            signals[signal.name] = SignalState(
                value: signal.value, expressionValue: signal.expressionValue, changedAt: signal.changedAt,
                delay: signal.delay?.pending(at: now), within: signal.within?.phase,
                thresholdDecided: signal.threshold?.threshold.isDecided ?? false)
        }
        var coverDeclarations: [String: CoverDeclaration] = [:]
        for declaration in configuration.covers { coverDeclarations[declaration.name] = declaration }
        var previousOutputs: [String: OutputDeclaration] = [:]
        for output in previous.outputs { previousOutputs[output.name] = output.declaration }
        for cover in previous.covers {
            guard let next = coverDeclarations[cover.name] else { continue }
            let sameOutputs = next.outputs.allSatisfy { name in
                guard let before = previousOutputs[name], let after = outputDeclarations[name] else { return false }
                return after.isUnchanged(from: before)
            }
            if next.isUnchanged(from: cover.declaration), sameOutputs {
                covers[cover.name] = cover.carried
            } else if next.hasPosition, let handed = cover.handedOver(at: now) {
                if let position = handed.position { coverPositions[cover.name] = position }
                if let released = handed.released { coverReleases[cover.name] = released }
            }
        }
        for output in previous.outputs {
            guard let next = outputDeclarations[output.name], next.isUnchanged(from: output.declaration) else { continue }
            let state = OutputState(pulseEnd: output.pulse?.pendingEnd, maxOn: output.maxOn?.phase,
                                    command: output.command.flatMap { $0.isHolding ? $0.level.value : nil },
                                    override: output.override.flatMap { $0.mode == .auto ? nil : ($0.mode, $0.chosenAt) })
            if state.pulseEnd != nil || state.maxOn != nil || state.command != nil || state.override != nil {
                outputs[output.name] = state
            }
        }
    }
}

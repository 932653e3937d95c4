import Config
import Control
import Engine
import GPIO
import Loop
import Values

/// The daemon's answers on the control socket: `status` from the engine's snapshot,
/// `why` from its explanation (a remote input's hold from the MQTT bridge, a sensor
/// input's failed read from its reader), `set` for
/// command inputs, `sim` for simulated inputs, answered once the change has settled
/// when the client waits for it (`InputSettling`).
///
/// ```swift
/// let replies = ControlReplies(running: running, loop: loop, settling: settling, mqtt: mqtt,
///                              keeper: keeper)
/// let server = try ControlServer(path: path, handler: replies)
/// ```
///
/// Loop thread only.
final class ControlReplies: ControlHandler {
    private let running: RunningEngine
    private let loop: any EventLoop
    private let settling: InputSettling
    private let mqtt: MQTTLifecycle
    private let keeper: ValueKeeper
    /// The sensor inputs read from the kernel, when there are any: what their last read
    /// failed of, for `why`.
    var sensors: SensorInputs?

    init(running: RunningEngine, loop: any EventLoop, settling: InputSettling, mqtt: MQTTLifecycle,
         keeper: ValueKeeper) {
        self.running = running
        self.loop = loop
        self.settling = settling
        self.mqtt = mqtt
        self.keeper = keeper
    }

    /// How long past an input's debounce period a `sim` request waits for the change.
    static let socketPatience = Duration.seconds(2)
    /// The longest a `sim` request waits: below the client's 5 s time-out.
    static let socketWaitLimit = Duration.seconds(4)

    /// Answers at once: `sim` requests without waiting.
    func handle(_ request: ControlRequest) -> ControlReply {
        let engine = running.engine
        let configuration = running.configuration
        switch request {
        case .status:
            return .status(engine.snapshot())
        case .set(let name, let value):
            return setCommandInput(name, value)
        case .why(let name):
            let now = loop.now
            let remark = { [mqtt, sensors] (input: String) in
                mqtt.bridge?.explanation(ofRemoteInput: input, now: now) ?? sensors?.explanation(ofInput: input)
            }
            if var lines = engine.explain(name, remark: remark) {
                if let kept = keptTotalLine(of: name) { lines.insert(kept, at: min(1, lines.count)) }
                return .explanation(lines)
            }
            let known = configuration.inputNames + configuration.signals.map(\.name)
                + configuration.outputNames
            let close = NameSuggestions.didYouMean(NameSuggestions.closeNames(to: name, among: known))
            return .failure("no input, signal or output named '\(name)'" + (close.map { "; " + $0 } ?? ""))
        case .sim(let name, let action, _):
            do throws(SimulatedInputs.Refusal) {
                return reply(to: try running.simulate(name, action), of: name)
            } catch {
                return .failure(error.text)
            }
        }
    }

    /// A kept counter's line in `why`: what the state file holds, which a power cut now
    /// would leave, and when it was written: `  kept: 1234 L, written 400ms ago`.
    private func keptTotalLine(of name: String) -> String? {
        guard let (total, age) = keeper.keptTotal(of: name) else { return nil }
        let number = running.configuration.signals.first { $0.name == name }?.number
        let places = number?.precision ?? NodeValue.defaultPrecision
        let unit = number.map { $0.unit.isNone ? "" : " " + $0.unit.symbol } ?? ""
        let value = total.map { DecimalText.format($0, places: places) + unit } ?? "nothing"
        let when = age.map { "written " + ReadableDuration.format($0) + " ago" }
            ?? (total == nil ? "not written yet" : "as read at start, not written since")
        return "  kept: \(value), \(when) (a power cut now leaves this total)"
    }

    /// `.ok`, or a numeric input's new value with its precision.
    private func reply(to value: NodeValue?, of name: String) -> ControlReply {
        guard let value else { return .ok }
        return .value(value, precision: running.configuration.numberDeclaration(ofInput: name)?.precision
            ?? NodeValue.defaultPrecision)
    }

    /// Answers a `sim` request that waits once the engine has the change: for `set` and
    /// `toggle` the input's new value, for `pulse` its start (or, for a pulse shorter
    /// than the input's debounce, its end). A change that has not settled within
    /// `socketPatience` past the input's debounce period, or `socketWaitLimit` in all
    /// (clients give up after 5 s), is answered with a warning.
    func handle(_ request: ControlRequest, responder: ControlResponder) {
        guard case .sim(let name, let action, true) = request else { return responder.reply(handle(request)) }
        do throws(SimulatedInputs.Refusal) {
            // A number is set through the engine at once: nothing to wait for.
            if let value = try running.simulate(name, action) { return responder.reply(reply(to: value, of: name)) }
        } catch {
            return responder.reply(.failure(error.text))
        }
        let debounce = running.configuration.inputs.first { $0.name == name }?.debounce.period ?? .zero
        let patience = max(.zero, min(Self.socketPatience, Self.socketWaitLimit - debounce))
        _ = settling.wait(for: name, atLeast: min(debounce, Self.socketWaitLimit), patience: patience) { outcome in
            switch outcome {
            case .settled:
                responder.reply(.ok)
            case .timedOut:
                responder.reply(.warning(
                    "'\(name)' has not settled in \(ReadableDuration.format(debounce + patience)); 'gpioagg status' may not show the change yet"))
            case .stopped:
                responder.reply(.failure("gpioagg stopped before the change to '\(name)' settled"))
            }
        }
    }

    /// `gpioagg set NAME on|off|toggle|press|NUMBER`: a command input, at once. The input
    /// decides what the value means: a level takes a command (and 1 or 0), a numeric
    /// input a number within its `min:` and `max:`. A counter (`count:`) takes its new
    /// total, a PWM output with `command: true` a percentage (1 and 0 too) or a command.
    private func setCommandInput(_ name: String, _ value: SetValue) -> ControlReply {
        let configuration = running.configuration
        if running.engine.isCover(name) { return setCover(name, value) }
        let commands = configuration.commandInputs.map(\.name)
        if let declaration = configuration.commandInputs.first(where: { $0.name == name }) {
            if let number = declaration.number {
                guard let newValue = value.number else {
                    return .failure("'\(name)' is a number: write \(Self.range(of: number))")
                }
                switch running.engine.setNumber(name, to: newValue, limits: true) {
                case .success(let set)?: return .value(set, precision: number.number.precision)
                case .failure(let refusal)?: return .failure(refusal.description)
                case nil: return .failure("the engine is not running")
                }
            }
            guard let command = value.command, command.applies(toMomentary: declaration.momentary) else {
                return .failure(SetCommand.takes(momentary: declaration.momentary, name: name))
            }
            return running.engine.setInput(name, command) == nil ? .failure("the engine is not running") : .ok
        }
        if let counter = configuration.signals.first(where: { $0.name == name }), case .count = counter.expression {
            guard let newValue = value.number else {
                return .failure("'\(name)' is a counter: write its new total, a number of 0 or more")
            }
            switch running.engine.setTotal(name, to: newValue) {
            case .success(let set)?: return .value(set, precision: counter.number?.precision ?? 2)
            case .failure(let refusal)?: return .failure(refusal.description)
            case nil: return .failure("the engine is not running")
            }
        }
        if let output = configuration.pwmOutput(named: name) { return setPWMOutput(output, value) }
        if let output = configuration.outputs.first(where: { $0.name == name }) {
            guard output.command else {
                return .failure("'\(name)' is an output that follows \(output.follows ?? "nothing"): "
                    + "only outputs with command: true can be set")
            }
            guard let command = value.command, command.applies(toMomentary: false) else {
                return .failure(SetCommand.takes(momentary: false, name: name))
            }
            return running.engine.setOutput(name, command) == nil ? .failure("the engine is not running") : .ok
        }
        if configuration.inputs.contains(where: { $0.name == name }) {
            return .failure("'\(name)' is an input on a line: only command inputs (command: true) can be set; "
                + "under --simulate, move it with gpioagg sim")
        }
        if configuration.remoteInputs.contains(where: { $0.name == name }) {
            return .failure("'\(name)' follows an MQTT topic: only command inputs (command: true) can be set")
        }
        if let sensor = configuration.sensorInputs.first(where: { $0.name == name }) {
            if let root = running.sensorRoot {
                return .failure("'\(name)' reads \(sensor.sensor) under \(root): only command inputs (command: true) can be set")
            }
            return .failure("'\(name)' reads a sensor: only command inputs (command: true) can be set; "
                + "under --simulate, set its reading with gpioagg sim set \(name) NUMBER")
        }
        let list = commands.isEmpty ? "the config declares no command input (command: true)"
            : "command inputs: " + commands.joined(separator: ", ")
        // A misspelt output with command: true (a line's or a PWM output's) is suggested too.
        let settable = commands + configuration.outputs.filter(\.command).map(\.name)
            + configuration.pwmOutputs.filter(\.command).map(\.name)
        let hint = NameSuggestions.didYouMean(NameSuggestions.closeNames(to: name, among: settable), list: list) ?? list
        return .failure("no command input named '\(name)'; " + hint)
    }

    /// `gpioagg set strip 40|on|off|toggle`: a PWM output with `command: true`, at once;
    /// the reply is its new target in percent (a `ramp:` may still be on its way there).
    private func setPWMOutput(_ output: PWMOutputDeclaration, _ value: SetValue) -> ControlReply {
        guard output.command else { return .failure(PWMRefusal.takesNoCommand(output).message) }
        switch running.engine.setPWMOutput(output.name, value) {
        case .success(let percent)?: return .value(.number(percent, "%"), precision: PWMOutputDeclaration.precision)
        case .failure(let refusal)?: return .failure(refusal.message)
        case nil: return .failure("the engine is not running")
        }
    }

    /// `gpioagg set garage_door open|close|stop`, `gpioagg set blinds 40`: a cover, at
    /// once. A command that had nothing to do is answered with a warning saying why
    /// (the door is open already; a press would close a door asked to open).
    private func setCover(_ name: String, _ value: SetValue) -> ControlReply {
        guard let command = value.coverCommand else {
            return .failure("'\(name)' is a cover: write \(CoverCommand.words)")
        }
        do throws(CoverRefusal) {
            guard let note = try running.engine.setCover(name, command) else { return .ok }
            return .warning("\(name): \(note)")
        } catch {
            return .failure(error.message)
        }
    }

    /// `a number from 5.00 to 30.00 °C`: what a numeric command input takes.
    static func range(of command: NumberCommandDeclaration) -> String {
        func shown(_ number: Double) -> String { DecimalText.format(number, places: command.number.precision) }
        let unit = command.number.unit.isNone ? "" : " " + command.number.unit.symbol
        return switch (command.minimum, command.maximum) {
        case (let low?, let high?): "a number from \(shown(low)) to \(shown(high))\(unit)"
        case (let low?, nil): "a number of at least \(shown(low))\(unit)"
        case (nil, let high?): "a number of at most \(shown(high))\(unit)"
        case (nil, nil): "a number" + (unit.isEmpty ? "" : " (in\(unit))")
        }
    }
}

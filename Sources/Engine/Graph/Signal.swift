import Config
import Loop
import Reactive
import Values

/// One derived signal: the value its pipeline last produced, as a publisher that starts
/// with the current value and then sends each change (never the same value twice in a
/// row), so that every signal or output that uses it shares one pipeline.
///
/// The pipeline proposes its expression's value (`update`); with `on_delay` or
/// `off_delay` the signal takes it only once it has held for the delay (`SignalDelay`).
/// A momentary signal (`click`) never holds a value: `activate()` sends on and off at
/// once, and observers hear one activation.
final class Signal {
    let declaration: SignalDeclaration
    let level: Level
    @exclusivity(unchecked) private(set) var value: Bool
    /// The expression's value, before any delay: what `toggle` and `latch` flip and
    /// hold.
    @exclusivity(unchecked) private(set) var expressionValue: Bool
    /// When the value last changed, or a momentary signal last activated; nil: not since
    /// start.
    @exclusivity(unchecked) private(set) var changedAt: UInt64?
    /// The gesture detector of a `click` signal, for `why` (weak: the detector holds the
    /// signal, and its pipeline holds the detector; a strong one here kept both, and the
    /// graph around them, after every reload).
    weak var detector: ClickDetector?
    /// The rule of an `all` with `within`, whose attempt a reload carries over (weak:
    /// the rule holds the signal, and its pipeline holds the rule).
    weak var within: AllWithin?
    /// The rule of a `threshold`, for `why` and what a reload carries over (weak, as
    /// `within`: the rule holds the signal and its operand, and its pipeline holds the
    /// rule).
    weak var threshold: ThresholdRule?
    /// A time of day's rule (`between:`, `at:`), for `why`.
    weak var time: (any TimeRule)?
    private let propagation: Propagation
    let delay: SignalDelay?

    /// - Parameter carried: the state the signal had in the engine a reload replaces;
    ///   nil: it starts at `value`.
    init(declaration: SignalDeclaration, value: Bool, carried: CarriedState.SignalState? = nil,
         propagation: Propagation, timers: GraphTimers) {
        self.declaration = declaration
        self.value = carried?.value ?? value
        expressionValue = carried?.expressionValue ?? value
        changedAt = carried?.changedAt
        self.propagation = propagation
        level = Level(carried?.value ?? value)
        if declaration.onDelay != nil || declaration.offDelay != nil {
            let delay = SignalDelay(on: declaration.onDelay?.wholeNanoseconds ?? 0,
                                    off: declaration.offDelay?.wholeNanoseconds ?? 0, timers: timers)
            timers.register(delay)
            self.delay = delay
            // Before the pipeline proposes anything: a proposal of the same value then
            // keeps this deadline instead of starting the delay again.
            if let pending = carried?.delay {
                delay.resume(pending.value, at: pending.deadline) { [unowned self] in set($0) }
            }
        } else {
            delay = nil
        }
    }

    var name: String { declaration.name }

    func change(at timestamp: UInt64, cause: EngineChange.Cause) -> EngineChange {
        EngineChange(.signal(declaration.name), value: .level(value), timestamp: timestamp, cause: cause)
    }

    /// The expression's new value: taken at once, or after the signal's delay.
    @inline(__always)
    func update(_ newValue: Bool) {
        expressionValue = newValue
        guard let delay else { return set(newValue) }
        delay.propose(newValue, current: value, at: propagation.timestamp) { [unowned self] in set($0) }
    }

    /// Sets the value now, past any delay.
    @inline(__always)
    func set(_ newValue: Bool) {
        guard newValue != value else { return }
        value = newValue
        changedAt = propagation.timestamp
        propagation.report(self)
        level.send(newValue)
    }

    /// A momentary signal's activation: on and off in the same instant, so that what
    /// reacts to rising edges sees one; observers hear one change, `activated`.
    func activate() {
        changedAt = propagation.timestamp
        if !propagation.isSettling {
            var change = EngineChange(.signal(declaration.name), value: .on,
                                      timestamp: propagation.timestamp, cause: propagation.cause)
            change.isActivation = true
            propagation.announce(change)
        }
        level.send(true)
        level.send(false)
    }
}

/// `on_delay` and `off_delay`: a proposed value is taken once it has held for its delay;
/// a change back within the delay cancels it. A delay of 0 takes the value at once.
final class SignalDelay: TimedNode {
    private let onDelay: UInt64
    private let offDelay: UInt64
    private let timers: GraphTimers
    private let taken = GraphDeadline()
    /// The value the running timer leads to.
    private var target = false

    init(on: UInt64, off: UInt64, timers: GraphTimers) {
        onDelay = on
        offDelay = off
        self.timers = timers
    }

    /// How long until the pending value is taken, if one is pending, at `now`.
    func remaining(at now: UInt64) -> (value: Bool, nanoseconds: UInt64)? {
        taken.remaining(at: now).map { (target, $0) }
    }

    /// The value pending and when it is taken (for a reload to carry over).
    func pending(at now: UInt64) -> (value: Bool, deadline: UInt64)? {
        taken.remaining(at: now).map { (target, now &+ $0) }
    }

    /// Counts towards `value` until `deadline`, set by an earlier engine.
    func resume(_ value: Bool, at deadline: UInt64, set: @escaping (Bool) -> Void) {
        target = value
        taken.start(at: deadline, on: timers) { [unowned self] in set(target) }
    }

    func propose(_ proposed: Bool, current: Bool, at now: UInt64, set: @escaping (Bool) -> Void) {
        if proposed == current {
            cancelTimers()
            return
        }
        let delay = proposed ? onDelay : offDelay
        guard delay > 0 else {
            cancelTimers()
            return set(proposed)
        }
        // Already counting towards this value: the delay runs from when it started.
        if taken.isPending, target == proposed { return }
        target = proposed
        taken.start(at: now &+ delay, on: timers) { [unowned self] in set(target) }
    }

    func cancelTimers() { taken.cancel() }
}

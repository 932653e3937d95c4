import Config
import PWMCore
import Values

/// One configured PWM output: its channel, the duty cycle the graph (or a command) asks
/// for (`target`, in percent), and the duty cycle applied now (`duty`), which a `ramp:`
/// moves towards the target in steps on the graph's timers.
///
/// What it follows and the commands it takes only set `desired`; the engine settles
/// each output the event touched once the event is over (`settle(at:)`), as it commits
/// line writes, so that an event writes a channel at most once.
///
/// A command (`command: true`) holds until what the output follows next changes, as for
/// a line's `command: true`.
final class PWMOutput: TimedNode {
    /// How long the engine goes on trying to get hold of a channel before it gives up.
    static let attemptLimit: UInt64 = 5_000_000_000
    /// How long it waits between two tries.
    static let attemptInterval: UInt64 = 50_000_000
    /// How long the engine waits for the writes it must know are made (the first ones at
    /// start, `safe` at stop) when the backend writes off the loop.
    static let writeLimit: Duration = .seconds(2)

    let declaration: PWMOutputDeclaration
    let channel: any PWMOutputChannel
    private let propagation: Propagation
    private let timers: GraphTimers
    /// Whether `attempt()` succeeded: until then nothing is written.
    private(set) var isReady: Bool
    /// What it goes to, in percent: what observers, the snapshot and Home Assistant see.
    private(set) var target: Double
    /// What the event asks for: the target once the event settles.
    @exclusivity(unchecked) private(set) var desired: Double
    /// The duty cycle applied now, in percent; nil until the channel is usable.
    private(set) var duty: Double?
    /// The ramp under way.
    private(set) var ramp: PWMRamp?
    private let step = GraphDeadline()
    /// The next try to get hold of the channel.
    let retry = GraphDeadline()
    /// When the engine began trying to get hold of the channel.
    var waitingSince: UInt64 = 0
    /// When the target last changed; nil: not since start.
    private(set) var changedAt: UInt64?
    /// The last target above 0: what `on` brings back.
    private(set) var lastAboveZero: Double?
    /// A command holds the target, not what the output follows.
    private(set) var isHolding: Bool
    /// The value what it follows sends on subscription is the start, not a change: it
    /// does not end a command held from before (a reload's).
    private var heardStart = false
    /// What it follows gave last, in percent (unavailable: nil), for `why`.
    private(set) var followed: Double?
    /// Asked of the backend by this engine (not taken from the engine a reload
    /// replaces): its `initial` is reported at start.
    var isNew = false
    /// Taken from the engine a reload replaces, which has yet to let go of it: a failed
    /// start leaves it to that engine.
    var awaitingHandOver = false
    /// Whether it waits in `Propagation.pendingPWMOutputs`.
    @exclusivity(unchecked) var isPending = false

    /// - Parameters:
    ///   - target: what it shows at start: `initial`, or what it had before a reload.
    ///   - duty: what the channel runs, when another engine drove it until now.
    ///   - holding: a percentage a command holds at start.
    init(declaration: PWMOutputDeclaration, channel: any PWMOutputChannel, target: Double, duty: Double? = nil,
         isReady: Bool = false, ramp: PWMRamp? = nil, holding: Double? = nil,
         propagation: Propagation, timers: GraphTimers) {
        self.declaration = declaration
        self.channel = channel
        self.propagation = propagation
        self.timers = timers
        self.isReady = isReady
        self.target = target
        self.duty = duty
        self.ramp = ramp
        desired = holding ?? target
        isHolding = holding != nil
        if target > 0 { lastAboveZero = target }
        timers.register(self)
    }

    var name: String { declaration.name }

    /// The target as a node's value.
    var nodeValue: NodeValue { .number(target, Self.unit) }
    static let unit = MeasurementUnit("%")

    func change(at timestamp: UInt64, cause: EngineChange.Cause) -> EngineChange {
        EngineChange(.output(name), value: nodeValue, timestamp: timestamp, cause: cause, chip: declaration.chip,
                     line: nil, precision: PWMOutputDeclaration.precision)
    }

    // MARK: What it is asked

    /// A value of what it follows: a percentage (clamped to 0–100), or nil while that is
    /// unavailable (then `safe`). Ends a command held, but for the value at start. A
    /// value that is not a number counts as unavailable: it gives `safe`, never 0 %.
    func follow(_ percent: Double?) {
        followed = percent.flatMap { $0.isNaN ? nil : Self.clamped($0) }
        if !heardStart {
            heardStart = true
            if isHolding { return }
        }
        isHolding = false
        ask(followed ?? declaration.safe)
    }

    /// A command: holds `percent` until what it follows next changes.
    /// A NaN, which every front-end refuses before it gets here, is no command.
    func command(_ percent: Double) {
        guard !percent.isNaN else { return }
        isHolding = true
        ask(Self.clamped(percent))
    }

    private func ask(_ percent: Double) {
        desired = percent
        propagation.stage(self)
    }

    static func clamped(_ percent: Double) -> Double {
        percent.isNaN ? 0 : min(max(percent, 0), 100)
    }

    // MARK: Writes

    /// The channel became usable: starts from what it runs when it was taken over
    /// running (`running`, in percent), else writes `initial`; then it goes to the target
    /// at the next settle.
    func becameReady(running: Double?) throws(PWMError) {
        isReady = true
        if let running {
            duty = running
        } else {
            try write(declaration.initial)
        }
        propagation.stage(self)
    }

    /// At start, a channel taken over running shows the duty cycle it runs (`running`, in
    /// percent) rather than `initial`, which was not written: what it is asked for
    /// (`initial`, what it follows, a command) comes at the next settle as a change from it.
    func startFromRunning(_ running: Double) {
        target = running
        if running > 0 { lastAboveZero = running }
    }

    /// Takes what the event asked for and writes the channel: at once, or the ramp's
    /// step for now. Returns whether the target changed.
    func settle(at now: UInt64) throws(PWMError) -> Bool {
        var changed = false
        if desired != target {
            target = desired
            changedAt = now
            if target > 0 { lastAboveZero = target }
            changed = true
            ramp = nil
        }
        guard isReady, let duty else { return changed }
        if ramp == nil, duty != target, let length = declaration.ramp, length > .zero {
            ramp = PWMRamp(from: duty, to: target, start: now, length: length)
        }
        if let ramp {
            try write(ramp.duty(at: now))
            if let next = ramp.nextStep(after: now) {
                step.start(at: next, on: timers) { [unowned self] in propagation.stage(self) }
            } else {
                self.ramp = nil
                step.cancel()
            }
        } else {
            step.cancel()
            try write(target)
        }
        return changed
    }

    /// Writes the duty cycle it runs again, with the declaration's period and polarity:
    /// a reload that changed them applies them; one that did not writes nothing.
    func reapply() throws(PWMError) {
        guard isReady, let duty else { return }
        try write(duty, always: true)
    }

    /// Writes `safe` at once (no ramp), whatever the ramp was doing.
    func writeSafe() throws(PWMError) {
        cancelTimers()
        ramp = nil
        desired = declaration.safe
        target = declaration.safe
        isHolding = false
        guard isReady else { return }
        try write(declaration.safe, always: true)
    }

    private func write(_ percent: Double, always: Bool = false) throws(PWMError) {
        guard always || percent != duty else { return }
        try channel.apply(PWMState(period: declaration.period, percent: percent, inverted: declaration.activeLow))
        duty = percent
    }

    /// What a channel's running state is, as this output's duty cycle: the share of the
    /// period it is active (low for `active: low`); nil for a channel that is off or was
    /// never set.
    func percent(of running: PWMState) -> Double? {
        guard running.enabled, running.period > 0, let high = running.normalEquivalent.percent else { return nil }
        return declaration.activeLow ? 100 - high : high
    }

    /// The time left of the ramp under way, for `why`.
    func rampRemaining(at now: UInt64) -> UInt64? {
        guard let ramp, !ramp.hasArrived(at: now) else { return nil }
        return ramp.end - max(now, ramp.start)
    }

    func cancelTimers() {
        step.cancel()
        retry.cancel()
    }
}

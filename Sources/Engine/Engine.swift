import Config
import GPIO
import Logging
import Loop
import PWMCore
import Reactive
import Values

/// The signal graph of a configuration, running on GPIO lines.
///
/// `start()` opens the chips, requests the outputs (driven to their `initial` values
/// at once) and the inputs (in requests of at most 64 lines per chip, the kernel's
/// limit; debounce asked of the kernel where it can, done by `InputTracker` elsewhere),
/// builds the graph from the Reactive operators and writes what it settles on.
/// `stop()` drives every output to its `safe` value and releases the lines; so does any
/// failure.
///
/// Inputs are publishers that start with the line's level and follow its debounced
/// changes. Signals, in the order the configuration lists them:
///
/// | form | pipeline | value |
/// | --- | --- | --- |
/// | `all: [a, b, ...]` | `combineLatest` over the operands, counting the true ones | true while every operand is true |
/// | `any: [...]` | `combineLatest`, counting | true while at least one is true |
/// | `none: [...]` | `combineLatest`, counting | true while none is true |
/// | `at_least: k of [...]` | `combineLatest`, counting | true while at least k are true |
/// | `not: a` | `map(!)` | the operand inverted |
/// | `toggle: a` | rising edges of `a` | starts false, flips on each rising edge of `a` |
/// | `latch: { set: s, reset: r }` | `combineLatest` of `s` and `r`, and their rising edges | on while `s` is on and `r` off, off while `r` is on (`dominant: set`: while `s` is off), else as it was |
/// | `sample: { value: v, on: t }` | rising edges of `t` | starts false; takes `v`'s settled value on each rising edge of `t` |
/// | `zip: [a, b, ...]` | each operand's rising edges | starts false; true when each operand has risen at least once since the last round; false again at the first rising edge of the next round |
///
/// A rising edge is a change from false to true after the starting value: an operand
/// that starts true has not risen. In `zip`, an operand that rises again before the
/// round completes counts once (its extra edges are not kept for later rounds, so no
/// buffer grows while one operand stays quiet); when one edge both starts and completes
/// a round (a single operand) the signal stays true.
///
/// Outputs are `AnyConsumer<Bool>`s bound (`bind(to:)`) to the signal or input they
/// follow. The writes an event causes (one read of a request's events, one debounce
/// deadline, one re-read after lost events) go out together once the graph has settled:
/// one `setValues` per output request (per chip, for up to 64 outputs), holding only
/// the outputs whose value changed.
///
/// An engine is confined to its event loop's thread: create it anywhere, then call it
/// only there (`loop.sync { ... }`, `loop.execute { ... }`, or from a handler on the
/// loop); its public methods check.
///
/// ```swift
/// let loop = try PosixEventLoop()
/// let engine = Engine(configuration: config, backend: backend, loop: loop,
///                     logger: Logger(label: "gpioagg"))
/// let observation = engine.observeChanges { print($0) }   // "output ready_led on"
/// try loop.sync { try engine.start() }                    // FILE:LINE:COL: error: ...
/// ...
/// loop.sync { engine.stop() }
/// loop.stop()
/// ```
///
/// PWM outputs (`Configuration.pwmOutputs`) drive channels of the `pwm` backend: a duty
/// cycle in percent that follows a number or a level, or takes commands
/// (`setPWMOutput`), with an optional ramp on the graph's timers; `safe` at stop and on
/// any failure, as for lines (docs/PWM.md).
///
/// Each event is one transaction (`transaction(_:)` gathers several): every node it
/// reaches is evaluated once, in rank order (the order the graph was built in, each
/// node after what it reads), from its operands' settled values (`Evaluation`,
/// `Propagation.settle()`). A signal that reads the same input along two paths (`a` and
/// `not: a` both feeding one `all`) sees both paths' new values together, so it never
/// takes a value no settled state gave it, and `toggle`, `count`, `sample` and `zip`
/// see only real edges. Outputs are written, and observers told, once it has settled.
public final class Engine {
    enum State { case idle, running, stopped }

    let configuration: Configuration
    /// What each node of the configuration is (its value's form, how it may be set),
    /// built once.
    public let traits: NodeTraitsTable
    let backend: any GPIOBackend
    /// Where the PWM outputs' channels are; nil when the configuration has none.
    let pwm: (any PWMBackend)?
    let loop: any EventLoop
    let consumer: String
    let logger: Logger
    /// Called once, after the engine stopped itself because a read or write failed.
    public var onFailure: ((EngineError) -> Void)?

    @exclusivity(unchecked) var state = State.idle
    let propagation = Propagation()
    /// The timers of delays, gestures, pulses and interlock waits.
    let timers: GraphTimers
    // State touched on every event is `@exclusivity(unchecked)`: only the loop's thread
    // uses an engine, and the dynamic checks cost more than the work they guard.
    var chips: [String: OpenedChip] = [:]
    @exclusivity(unchecked) var requestedInputs: [RequestedInputs] = []
    @exclusivity(unchecked) var requestedOutputs: [RequestedOutputs] = []
    var inputs: [InputLine] = []
    /// Command and remote inputs: no line.
    var virtualInputs: [VirtualInput] = []
    var signals: [Signal] = []
    /// Numeric inputs and signals, in the order built.
    var numbers: [NumberNode] = []
    /// The counters (`count:`), rates (`rate:`) and scales (`scale:`) among the numbers,
    /// by name.
    var counters: [String: Counter] = [:]
    var rates: [String: RateRule] = [:]
    var scales: [String: ScaleRule] = [:]
    var outputs: [OutputLine] = []
    /// Outputs on a PWM controller's channel, in the order declared.
    var pwmOutputs: [PWMOutput] = []
    /// `covers:`, in the order declared.
    var covers: [CoverNode] = []
    /// The times of day (`between:`, `at:`) and the wall clock they follow; nil without any.
    var time: TimeSignals?
    /// Whether the engine a reload replaced trusted the wall clock (`CarriedState`).
    var clockTrustedBefore = false
    /// Every node of the graph by name, whatever its kind: what `set` and `snapshot()`
    /// ask (`EngineNode`).
    var nodes: [String: any EngineNode] = [:]
    /// Every node by name, for `why`: made at its first call, as the graph never changes
    /// while the engine runs.
    var explainedNodes: [String: ExplainedNode]?
    /// What the last run kept: set before `start()`.
    public var keptValues = KeptValues()
    /// Where sensor inputs are read from (`/sys`, or `--sysfs-root`), for what `set`
    /// answers about one; nil when they are simulated.
    public var sensorRoot: String?
    /// Never emptied while the engine lives: outputs refer to them unowned.
    var interlocks: [Interlock] = []
    var cancellables: [AnyCancellable] = []
    @exclusivity(unchecked) var outputWrites = 0
    /// Edge events read, and transactions run, since start (`EngineStatistics`).
    @exclusivity(unchecked) var inputEvents = 0
    @exclusivity(unchecked) var transactions = 0
    /// Told how late each transaction ended after what caused it: from an edge's
    /// timestamp (the kernel's, or the loop's when a software debounce let it through),
    /// a timer's deadline, or the moment the loop took up a set from outside, to when
    /// the outputs it decided had been written. What `gpioagg_loop_lag_seconds` shows.
    /// Nil unless the daemon serves metrics: then nothing is measured and no clock read.
    ///
    /// ```swift
    /// engine.recordLag = { lag in histogram.record(lag) }
    /// ```
    public var recordLag: ((Duration) -> Void)?
    /// Reused for every read, so that an event allocates nothing.
    @exclusivity(unchecked) var changes: [InputTracker.Change] = []

    /// - Parameters:
    ///   - backend: where the lines are.
    ///   - pwm: where the PWM outputs' channels are (`SysfsPWMBackend`, or the twin
    ///     `SimulatedPWMBackend`); needed only when the configuration has PWM outputs.
    ///   - loop: the thread and clock the engine runs on; its clock must be the
    ///     backend's event-timestamp clock.
    ///   - consumer: the name the lines are requested under (`gpioinfo` shows it).
    ///   - logger: where lost events, re-reads and failures are logged, with the lines
    ///     concerned as metadata (`gpio_chip`, `gpio_line`, `gpio_name`).
    public init(configuration: Configuration, backend: any GPIOBackend, pwm: (any PWMBackend)? = nil,
                loop: any EventLoop, consumer: String = "gpioagg", logger: Logger = Logger(label: "gpioagg.engine")) {
        self.configuration = configuration
        traits = configuration.traits
        self.backend = backend
        self.pwm = pwm
        self.loop = loop
        self.consumer = consumer
        self.logger = logger
        timers = GraphTimers(loop: loop)
        changes.reserveCapacity(64)
    }

    deinit {
        // Never leave outputs at whatever the graph last said. Whoever observed the
        // engine let go of it without stopping it, and may be gone already: the safe
        // values are written without telling anyone.
        propagation.removeAllObservers()
        onFailure = nil
        stopNow()
    }

    /// Whether the engine has started and not stopped.
    public var isRunning: Bool { state == .running }

    /// One input's logical value, without a whole `snapshot()`: what a line command
    /// waiting for the input to settle looks at on each of its changes.
    func value(ofInput name: String) -> Bool? {
        loop.preconditionInEventLoop()
        return inputs.first { $0.name == name }?.value ?? virtualInputs.first { $0.name == name }?.value
    }

    /// The line an input runs on, once started: where a simulation moves it.
    public func line(ofInput name: String) -> LineID? {
        loop.preconditionInEventLoop()
        for requested in requestedInputs {
            guard let path = chips[requested.chipName]?.info.path else { continue }
            for line in requested.lines where line.name == name { return LineID(chip: path, offset: line.offset) }
        }
        return nil
    }

    /// The value of every input, signal, output and cover, by name (a moving cover's
    /// position as reckoned now), and the clock when the config has times of day.
    public func snapshot() -> EngineSnapshot {
        loop.preconditionInEventLoop()
        var snapshot = EngineSnapshot()
        let now = loop.now
        for node in nodes.values {
            snapshot[node.id] = node.value(at: now)
            if let precision = node.recordedPrecision { snapshot.precisions[node.name] = precision }
        }
        for input in inputs where input.lost.losses > 0 { snapshot.lost[input.name] = input.lost }
        for (name, counter) in counters where counter.lost.losses > 0 { snapshot.lost[name] = counter.lost }
        for (name, counter) in counters { snapshot.periods[name] = counter.periodTotals }
        for output in outputs { if let override = output.override { snapshot.modes[output.name] = override.mode } }
        snapshot.clock = clockStatus()
        return snapshot
    }

    /// The losses come from the trackers, which a reload hands on; the rest is counted
    /// by this engine.
    public var statistics: EngineStatistics {
        var statistics = EngineStatistics()
        for requested in requestedInputs {
            let tracked = requested.tracker.statistics
            statistics.lostEventGaps += tracked.gaps
            statistics.corrections += tracked.corrections
        }
        statistics.inputEvents = inputEvents
        statistics.outputWrites = outputWrites
        statistics.evaluations = propagation.evaluations
        statistics.transactions = transactions
        return statistics
    }

    /// Calls `observer` on the loop's thread for every change of an input or a signal
    /// after `start()`, and for every output write, each with its cause: at start, each
    /// output's `initial` value, then the writes the graph settles on (`change`, or
    /// `reload` when it replaced another engine); every output's safe value at stop
    /// (`safeState`). The inputs' and signals' starting values are in `snapshot()`. Observes until the returned cancellable
    /// is cancelled or released (on the loop's thread too).
    ///
    /// ```swift
    /// let observation = engine.observeChanges { change in
    ///     log("\(change)")     // "signal all_on on"
    /// }
    /// ```
    public func observeChanges(_ observer: @escaping (EngineChange) -> Void) -> AnyCancellable {
        loop.preconditionInEventLoop()
        let id = propagation.addObserver(observer)
        return AnyCancellable { [propagation] in propagation.removeObserver(id) }
    }
}

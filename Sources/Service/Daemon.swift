#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
import Engine
import GPIO
import GPIOSimulated
import KeptState
import Logging
import Loop
import MQTT
import Reactive
import Values

/// The running daemon: one configuration's engine on an event loop, with its control
/// socket, its signals, its command input or keys, and the service manager's
/// notifications. Its lifecycle is a `DaemonStateMachine`: each event (start, lines
/// requested, reload requested, config loaded or refused, stop signal, line failure)
/// returns an action, which the daemon performs here.
///
/// The daemon belongs to its loop: create it and call it on the loop's thread. On
/// `PosixEventLoop` that is the daemon `gpioagg run` starts; on the virtual-time
/// `EmbeddedEventLoop` it is a test that starts, reloads and stops the whole daemon
/// without a process.
///
/// ```swift
/// let daemon = Daemon(options, loop: loop, notifier: SystemdNotifier(), logging: .forThisProcess())
/// daemon.onFinish = { status in exit(status) }
/// try daemon.start()               // READY=1 once the outputs hold their initial values
/// daemon.handle(signal: SIGTERM)   // STOPPING=1, safe values, onFinish(0)
/// ```
public final class Daemon: ControlHandler {
    /// The signals the daemon handles; block them on the main thread first thing.
    ///
    /// SIGHUP reloads. Every other catchable signal whose default action would end the
    /// process stops the daemon the way SIGTERM does (safe values written, socket
    /// removed): SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
    /// SIGIO, SIGXCPU, SIGXFSZ, SIGPWR, SIGSTKFLT, the real-time signals, and SIGTRAP,
    /// SIGSYS and SIGBUS as another process sends them (`kill`).
    ///
    /// Blocking SIGTRAP, SIGSYS and SIGBUS for the signalfd leaves a real fault fatal:
    /// the kernel raises a fault's signal with `force_sig_info_to_task` (a breakpoint
    /// or a Swift trap on arm64, `brk`: SIGTRAP; a seccomp filter: SIGSYS; a bad memory
    /// access: SIGBUS), which, when the signal is blocked, unblocks it and resets its
    /// action to the default, so the process dies at once, as before, without the safe
    /// values (the Swift runtime's "Fatal error" message is printed before its trap; a
    /// crash handler such as Swift's backtracer no longer runs for these three). SIGSEGV,
    /// SIGILL, SIGFPE and SIGABRT, even sent with `kill`, keep their default action and
    /// the runtime's crash report. SIGPIPE is ignored (a write to a reader that went
    /// away fails instead).
    public static let handledSignals: [Int32] = [SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
                                                 SIGVTALRM, SIGPROF, SIGIO, SIGXCPU, SIGXFSZ, SIGPWR, SIGSTKFLT,
                                                 SIGTRAP, SIGSYS, SIGBUS]
        + Array(realTimeSignals)

    /// The real-time signals applications may use (glibc keeps the first two or three
    /// of the kernel's for itself, and `SIGRTMIN` says where ours start).
    static var realTimeSignals: ClosedRange<Int32> { Int32(__libc_current_sigrtmin())...Int32(__libc_current_sigrtmax()) }

    /// The signal's name, for the log: `SIGTERM`, `SIGUSR1`, `SIGRTMIN+3`.
    static func name(of signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGQUIT: "SIGQUIT", SIGUSR1: "SIGUSR1",
            SIGUSR2: "SIGUSR2", SIGALRM: "SIGALRM", SIGVTALRM: "SIGVTALRM", SIGPROF: "SIGPROF", SIGIO: "SIGIO",
            SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGPWR: "SIGPWR", SIGSTKFLT: "SIGSTKFLT",
            SIGTRAP: "SIGTRAP", SIGSYS: "SIGSYS", SIGBUS: "SIGBUS",
        ]
        if let name = names[signal] { return name }
        if realTimeSignals.contains(signal) { return "SIGRTMIN+\(signal - realTimeSignals.lowerBound)" }
        return "signal \(signal)"
    }

    /// Where commands come from, besides the control socket.
    public enum Interaction: Sendable {
        /// None: a service.
        case none
        /// Line commands from a pipe or a file (simulated inputs only); end of input stops.
        case commands
        /// Keys from a terminal (simulated inputs only).
        case keyboard
    }

    /// What the daemon runs, and how.
    public struct Options {
        public var configuration: Configuration
        /// Where a reload reads the configuration again; nil for the embedded demo.
        public var configPath: String?
        /// The kernel's chips; not used when `simulation` is set.
        public var hardware: any GPIOBackend
        /// The simulated chips, under `--simulate`.
        public var simulation: SimulatedBackend?
        public var controlPath: String?
        public var interaction: Interaction
        /// Where line commands and keys are read from.
        public var commandDescriptor: Int32
        public var version: String
        /// `libgpiod 2.1 (API v2)`, `simulated chips: gpiochip0 [pinctrl-bcm2711]`.
        public var backendSummary: String
        /// Where kept values live (`--state-dir`); nil: `$STATE_DIRECTORY`, else
        /// /var/lib/gpioagg, else the user's state directory (`StateDirectory`). Looked
        /// for only once the configuration keeps something.
        public var stateDirectory: String?
        /// The clock of the times kept for `max_on` (`BootClock.system`; a test's own).
        public var bootClock: BootClock
        /// Makes the transport of the configuration's `mqtt:`; nil: an `MQTTClient` on
        /// libmosquitto. Tests hand in the in-memory twin.
        public var mqttTransport: MQTTTransportMaker?

        public init(configuration: Configuration, configPath: String?, hardware: any GPIOBackend,
                    simulation: SimulatedBackend?, controlPath: String?, interaction: Interaction = .none,
                    commandDescriptor: Int32 = STDIN_FILENO, version: String, backendSummary: String,
                    stateDirectory: String? = nil, bootClock: BootClock = .system,
                    mqttTransport: MQTTTransportMaker? = nil) {
            self.configuration = configuration
            self.configPath = configPath
            self.hardware = hardware
            self.simulation = simulation
            self.controlPath = controlPath
            self.interaction = simulation == nil ? .none : interaction
            self.commandDescriptor = commandDescriptor
            self.version = version
            self.backendSummary = backendSummary
            self.stateDirectory = stateDirectory
            self.bootClock = bootClock
            self.mqttTransport = mqttTransport
        }
    }

    public let loop: any EventLoop
    let options: Options
    let notifier: any ServiceNotifier
    let logging: DaemonLogging
    var logger: Logger { logging.logger }

    private var machine = DaemonStateMachine()
    public private(set) var configuration: Configuration
    public private(set) var engine: Engine
    private(set) var simulation: SimulatedBackend?
    private var server: ControlServer?
    private var signals: SignalDescriptor?
    private var observation: AnyCancellable?
    private var commands: CommandInput?
    /// Line commands and `sim` requests waiting for their input to settle.
    private(set) lazy var settling = InputSettling(daemon: self)
    private var keyboard: Keyboard?
    /// What line commands and keys name and move.
    private(set) lazy var inputTargets = InputTargets(daemon: self)
    private var watchdog: LoopTimer?
    /// Writes the kept values (`persist`, `initial: restore`) off the loop's thread;
    /// nil while the configuration keeps nothing.
    private var keeper: StateWriter?
    /// The engine on MQTT, when the configuration has `mqtt:`.
    private(set) var mqtt: MQTTBridge?
    /// What the configuration keeps: its persisted signals and command inputs, and its
    /// restored outputs.
    private var keptKeys = Set<KeptKey>()
    /// The restored outputs with a `max_on`: their values are kept with when they went on.
    private var timedKeys = Set<KeptKey>()
    /// While starting: the changes that come after the outputs' initial values, logged
    /// once the inputs' and signals' starting values are.
    private var startChanges: [EngineChange]?
    /// Called once the daemon stopped, with its exit status: 0 after a requested stop,
    /// 1 after a failure.
    public var onFinish: ((Int32) -> Void)?

    public init(_ options: Options, loop: any EventLoop, notifier: any ServiceNotifier, logging: DaemonLogging,
                signals: SignalDescriptor? = nil) {
        loop.preconditionInEventLoop()
        self.options = options
        self.loop = loop
        self.notifier = notifier
        self.logging = logging
        self.signals = signals
        configuration = options.configuration
        simulation = options.simulation
        engine = Engine(configuration: options.configuration, backend: options.simulation ?? options.hardware,
                        loop: loop, logger: logging.logger)
        learn(configuration)
    }

    /// Where the lifecycle is.
    public var state: DaemonStateMachine.State { machine.state }

    /// The MQTT client's counters, when the config has an `mqtt:` section. Loop thread.
    public var mqttStatistics: MQTTStatistics? { mqtt?.statistics }

    /// The exit status, once stopped.
    public var exitStatus: Int32? {
        if case .stopped(let status) = machine.state { return status }
        return nil
    }

    // MARK: Start

    /// Requests the lines, writes the initial values, opens the control socket, then
    /// tells the service manager it is ready. Throws what kept it from starting, with
    /// every line released and every output requested so far at its safe value.
    public func start() throws(EngineError) {
        loop.preconditionInEventLoop()
        guard machine.start() == .requestLines else { return }
        if let signals {
            loop.watch(fd: signals.fd) { [unowned self] _ in
                for signal in signals.pending() { handle(signal: signal) }
            }
        }
        logging.outputs.attach(to: loop)
        observe(engine)
        logger.info("gpioagg \(options.version): \(configuration.file): \(Self.counts(configuration)); \(options.backendSummary)")
        engine.keptValues = keptValues(for: configuration)
        startChanges = []
        do {
            try engine.start()
        } catch {
            startChanges = nil
            machine.startFailed()
            tearDown()
            throw error
        }
        reportStart()
        guard machine.linesRequested() == .announceReady else { return }
        openControlSocketOrWarn()
        startMQTT(configuration)
        switch options.interaction {
        case .none: break
        case .commands: commands = CommandInput(daemon: self, descriptor: options.commandDescriptor)
        case .keyboard: keyboard = Keyboard(daemon: self, descriptor: options.commandDescriptor)
        }
        notifier.notify(["READY=1", "STATUS=" + status])
        startWatchdog()
        logger.info("ready")
    }

    /// Opens the control socket the options name, and answers on it. `DaemonProcess`
    /// calls it before `start()`, so that a daemon that cannot have its socket (another
    /// one listens there: `.alreadyRunning`, naming that one's pid) fails to start
    /// instead of running on unreachable. Does nothing when it is open or not wanted.
    public func openControlSocket() throws(ControlError) {
        loop.preconditionInEventLoop()
        guard server == nil, let path = options.controlPath else { return }
        let server = try ControlServer(path: path, handler: self)
        server.start(on: loop)
        self.server = server
    }

    /// Says where the socket listens, in its place among the start's lines; opens it
    /// first for callers that did not before `start()`, warning if it cannot be had
    /// (the lines work without it).
    private func openControlSocketOrWarn() {
        do throws(ControlError) {
            try openControlSocket()
            if let server { logger.info("control socket: \(server.path)") }
        } catch {
            logger.warning("warning: no control socket: \(error.message)\(error.hint.isEmpty ? "" : "\nhint: \(error.hint)")")
        }
    }

    /// Pings the service manager's watchdog from the loop's own timer, at half the
    /// period it expects: a loop that is stuck stops the pings, and systemd restarts
    /// the service.
    private func startWatchdog() {
        guard let period = notifier.watchdogPeriod else { return }
        let interval = max(1, period.wholeNanoseconds / 2)
        watchdog = loop.schedule(atNanoseconds: loop.now &+ interval, interval: interval) { [notifier] in
            notifier.notify(["WATCHDOG=1"])
        }
        logger.info("watchdog: pinging every \(interval / 1_000_000) ms")
    }

    // MARK: Signals and stop

    /// SIGHUP reloads; every other signal stops (see `handledSignals`).
    public func handle(signal: Int32) {
        loop.preconditionInEventLoop()
        if signal == SIGHUP {
            reload()
        } else {
            stop(reason: Self.name(of: signal))
        }
    }

    /// The line commands ended (`quit`, end of input): stops, with status 1 if any failed.
    func commandsEnded(reason: String, failures: Int) {
        loop.preconditionInEventLoop()
        perform(machine.commandsEnded(reason, failures: failures))
    }

    /// Stops: tells the service manager first, drives the outputs to their safe values,
    /// releases the lines, closes the control socket, restores the terminal. Idempotent.
    public func stop(reason: String) {
        loop.preconditionInEventLoop()
        perform(machine.stopSignal(reason))
    }

    private func perform(_ action: DaemonStateMachine.StopAction) {
        guard case .stop(let reason, let exitStatus) = action else { return }
        notifier.notify(["STOPPING=1"])
        engine.stop()
        tearDown()
        // The last kept values on disk before the process ends (the only write on the
        // loop's thread: nothing else waits for it any more).
        keeper?.close()
        keeper = nil
        let finish = { [self] in
            logger.info("stopped (\(reason))")
            machine.stopped(exitStatus: exitStatus)
            logging.outputs.detach()
            onFinish?(exitStatus)
        }
        // The safe values went out to MQTT with the writes; `offline` goes last.
        if let bridge = mqtt {
            mqtt = nil
            // The bridge lives until its client has said offline and let go.
            bridge.stop { [bridge] in
                withExtendedLifetime(bridge) { finish() }
            }
        } else {
            finish()
        }
    }

    private func tearDown() {
        watchdog?.cancel()
        watchdog = nil
        observation = nil
        settling.stopAll()
        inputTargets.cancelPulses()
        commands?.close()
        commands = nil
        keyboard?.close()
        keyboard = nil
        server?.close()
        server = nil
        if let signals { loop.unwatch(fd: signals.fd) }
    }

    // MARK: Reload

    /// Reads the config file again (SIGHUP) and applies it: lines whose role did not
    /// change keep their requests and levels (`Engine.start(replacing:)`). An invalid
    /// file, or one naming lines that cannot be had, is logged with its location and
    /// refused: the running configuration stays, and systemd hears `READY=1` with a
    /// `STATUS=` saying so.
    public func reload() {
        loop.preconditionInEventLoop()
        guard machine.reloadRequested() == .loadConfig else { return }
        let source = options.configPath ?? "the embedded demo"
        notifier.notifyReloading(status: "reloading \(source)")
        logger.info("reloading \(source)")
        var loaded = configuration
        if let path = options.configPath {
            do throws(ConfigErrors) {
                loaded = try ConfigLoader.load(path: path)
            } catch {
                for problem in error.errors { logger.error("\(problem.description)") }
                // A whole-file error (unreadable, not a regular file) has no line: FILE: message.
                let first = error.errors.first.map { problem in
                    "\(problem.location.line > 0 ? problem.location.description : problem.location.file): \(problem.message)"
                } ?? path
                let count = error.errors.count
                return perform(machine.configRefused(
                    reason: "\(count) error\(count == 1 ? "" : "s") in the config file; first: \(first)"))
            }
        }
        let nextSimulation = simulation.map {
            SimulatedBackend.simulating(loaded, clock: loop, existing: $0.simulatedChips)
        }
        let next = Engine(configuration: loaded, backend: nextSimulation ?? options.hardware, loop: loop,
                          logger: logger)
        let previousObservation = observation
        learn(loaded)
        next.keptValues = keptValues(for: loaded)
        observe(next)
        do {
            try next.start(replacing: engine)
        } catch {
            logger.error("\(error.description)")
            observation = previousObservation
            learn(configuration)
            if engine.isRunning {
                return perform(machine.configRefused(reason: "\(error.location.map { "\($0): " } ?? "")\(error.message)"))
            }
            // Both engines stopped: every output is at its safe value.
            return perform(machine.reloadFailed(reason: error.message))
        }
        engine = next
        configuration = loaded
        simulation = nextSimulation
        reloadMQTT(loaded)
        perform(machine.reloadApplied())
    }

    private func perform(_ action: DaemonStateMachine.ReloadOutcomeAction) {
        switch action {
        case .reportReloaded:
            notifier.notify(["READY=1", "STATUS=" + status])
            logger.info("reloaded \(options.configPath ?? "the embedded demo"): \(Self.counts(configuration))")
        case .reportRefused(let reason):
            logger.error("error: reload refused, the previous configuration keeps running: \(reason)")
            notifier.notify(["READY=1", "STATUS=reload refused: \(reason); running the previous configuration"])
        case .stop(let reason, let exitStatus):
            perform(DaemonStateMachine.StopAction.stop(reason: reason, exitStatus: exitStatus))
        case .none:
            break
        }
    }

    // MARK: Changes

    private func observe(_ engine: Engine) {
        engine.onFailure = { [unowned self] error in
            perform(machine.lineFailure(error.message))
        }
        observation = engine.observeChanges { [unowned self] change in
            if startChanges != nil, change.cause != .initial {
                startChanges?.append(change)
                return
            }
            logger.change(change)
            keep(change)
            mqtt?.engineChanged(change)
            settling.engineChanged(change)
        }
    }

    // MARK: MQTT

    /// Connects the engine to the broker `configuration` names, if any. The lines work
    /// without it: what keeps it from starting (an unreadable password file) is logged.
    private func startMQTT(_ configuration: Configuration) {
        guard mqtt == nil, let declaration = configuration.mqtt else { return }
        do {
            let transport = try (options.mqttTransport ?? MQTTClient.forDeclaration)(declaration, loop, logger)
            let bridge = MQTTBridge(declaration: declaration, configuration: configuration, daemon: self,
                                    transport: transport, version: options.version, logger: logger)
            mqtt = bridge
            logger.info("mqtt: \(declaration.broker) as node \(declaration.node), topics under \(declaration.prefix)/\(declaration.node)/")
            bridge.start()
        } catch {
            logger.error("error: no MQTT: \(error)")
        }
    }

    /// A reload with the same `mqtt:` keeps the connection (entities that went away are
    /// removed from Home Assistant); another `mqtt:` connects anew; none disconnects.
    private func reloadMQTT(_ loaded: Configuration) {
        if let bridge = mqtt, var next = loaded.mqtt {
            // Where it is written is no change.
            next.location = bridge.declaration.location
            if next == bridge.declaration {
                bridge.reload(to: loaded)
                return
            }
        }
        if let bridge = mqtt {
            mqtt = nil
            bridge.stop { [bridge] in withExtendedLifetime(bridge) {} }
        }
        startMQTT(loaded)
    }

    // MARK: Kept values

    /// The values `configuration` keeps, as the last run left them: opens the state file
    /// the first time the configuration keeps something (a reload may be that time),
    /// forgets what it no longer keeps. Without a usable state directory it logs why
    /// and runs without keeping.
    private func keptValues(for configuration: Configuration) -> KeptValues {
        keptKeys = Set(configuration.persistentSignals.compactMap { KeptKey(kind: .signal, name: $0) }
            + configuration.restoredOutputs.compactMap { KeptKey(kind: .output, name: $0) }
            + configuration.persistentInputs.compactMap { KeptKey(kind: .input, name: $0) })
        timedKeys = Set(configuration.outputs.filter { $0.restore && $0.maxOn != nil }
            .compactMap { KeptKey(kind: .output, name: $0.name) })
        guard !keptKeys.isEmpty else {
            keeper?.retain(only: [])
            return KeptValues()
        }
        if let keeper {
            keeper.retain(only: keptKeys)
        } else {
            do throws(KeptStateError) {
                let directory = try StateDirectory.forThisProcess(override: options.stateDirectory)
                keeper = StateWriter.open(path: directory.filePath, keeping: keptKeys, logger: logger)
                logger.info("kept values: \(directory.filePath)")
            } catch {
                let hint = error.hint.isEmpty ? "" : "\nhint: \(error.hint)"
                logger.warning("warning: kept values will not survive a restart: \(error.message)\(hint)")
                return KeptValues()
            }
        }
        var values = KeptValues()
        let now = options.bootClock.now()
        for (key, value) in keeper?.values ?? [:] {
            switch key.kind {
            case .signal: values.signals[key.name] = value.isOn
            case .output:
                values.outputs[key.name] = value.isOn
                // Another boot's time, a time ahead of now, or none: not known, and the
                // engine gives such an output no max_on left.
                if let since = value.onSince, let onFor = now?.elapsed(since: since) {
                    values.outputsOnFor[key.name] = onFor
                }
            case .input: values.inputs[key.name] = value.isOn
            }
        }
        return values
    }

    /// Hands a kept value's change to the writer. A safe-state write is not kept: after
    /// an orderly stop, `initial: restore` brings back the value from before the stop.
    /// An output with a `max_on` is kept with when it went on: the time of its first
    /// change to on, kept while it stays on (through restarts and reloads too).
    private func keep(_ change: EngineChange) {
        guard let keeper, change.cause != .safeState, let level = change.value.level,
              let key = KeptKey(kind: change.kind, name: change.name), keptKeys.contains(key) else { return }
        guard level, timedKeys.contains(key) else { return keeper.record(key, KeptValue(level)) }
        if let kept = keeper.values[key], kept.isOn, kept.onSince != nil { return }
        keeper.record(key, KeptValue(true, onSince: options.bootClock.now()))
    }

    /// The level of everything at start: each output's initial value (logged as it was
    /// written), then the inputs as read and the signals as computed, then the writes
    /// the graph settled on.
    private func reportStart() {
        let snapshot = engine.snapshot()
        let now = loop.now
        for input in configuration.inputs {
            logger.change(EngineChange(.input(input.name), value: snapshot.inputs[input.name] ?? .unavailable,
                                       timestamp: now, cause: .initial, chip: input.chip, line: input.line))
        }
        for name in configuration.commandInputs.map(\.name) + configuration.remoteInputs.map(\.name) {
            logger.change(EngineChange(.input(name), value: snapshot.inputs[name] ?? .unavailable,
                                       timestamp: now, cause: .initial))
        }
        for signal in configuration.signals {
            logger.change(EngineChange(.signal(signal.name), value: snapshot.signals[signal.name] ?? .unavailable,
                                       timestamp: now, cause: .initial))
        }
        let later = startChanges ?? []
        startChanges = nil
        for change in later { logger.change(change) }
    }

    /// The names' width, for the terminal's columns.
    private func learn(_ configuration: Configuration) {
        logging.layout.nameWidth = (configuration.inputNames + configuration.signals.map(\.name)
            + configuration.outputs.map(\.name)).map(\.count).max() ?? 0
    }

    // MARK: Status

    /// The one-line summary for `STATUS=`.
    var status: String {
        let snapshot = engine.snapshot()
        let on = snapshot.outputs.filter(\.value.isOn).keys.sorted()
        return (simulation == nil ? "" : "simulating; ") + Self.counts(configuration)
            + (on.isEmpty ? "; no output on" : "; on: " + on.joined(separator: ", "))
            + (mqtt.map { "; mqtt: " + $0.connectionSummary } ?? "")
    }

    /// The MQTT connection came or went: `systemctl status` shows it.
    func mqttConnectionChanged() {
        guard machine.state == .running else { return }
        notifier.notify(["STATUS=" + status])
    }

    static func counts(_ configuration: Configuration) -> String {
        var kinds: [String] = []
        if !configuration.commandInputs.isEmpty { kinds.append("\(configuration.commandInputs.count) command") }
        if !configuration.remoteInputs.isEmpty { kinds.append("\(configuration.remoteInputs.count) remote") }
        let inputs = counted(configuration.inputNames.count, "input")
            + (kinds.isEmpty ? "" : " (" + kinds.joined(separator: ", ") + ")")
        return [inputs, counted(configuration.signals.count, "signal"),
                counted(configuration.outputs.count, "output")].joined(separator: ", ")
    }

    static func counted(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    // MARK: Simulated inputs and control requests

    var simulatedInputs: SimulatedInputs? {
        simulation.map { SimulatedInputs(backend: $0, engine: engine, configuration: configuration) }
    }

    /// Moves a simulated input.
    func simulate(_ name: String, _ action: SimAction) throws(SimulatedInputs.Refusal) {
        guard let simulatedInputs else {
            throw SimulatedInputs.Refusal(message: "gpioagg is not simulating its inputs (start it with --simulate)")
        }
        try simulatedInputs.perform(action, on: name)
    }

    /// Answers at once: `sim` requests without waiting.
    public func handle(_ request: ControlRequest) -> ControlReply {
        switch request {
        case .status:
            return .status(engine.snapshot())
        case .set(let name, let value):
            return setCommandInput(name, value)
        case .why(let name):
            let now = loop.now
            if let lines = engine.explain(name, remark: { [mqtt] in mqtt?.explanation(ofRemoteInput: $0, now: now) }) {
                return .explanation(lines)
            }
            let known = configuration.inputNames + configuration.signals.map(\.name)
                + configuration.outputs.map(\.name)
            let close = NameSuggestions.didYouMean(NameSuggestions.closeNames(to: name, among: known))
            return .failure("no input, signal or output named '\(name)'" + (close.map { "; " + $0 } ?? ""))
        case .sim(let name, let action, _):
            do throws(SimulatedInputs.Refusal) {
                try simulate(name, action)
                return .ok
            } catch {
                return .failure(error.text)
            }
        }
    }

    /// Answers a `sim` request that waits once the engine has the change: for `set` and
    /// `toggle` the input's new value, for `pulse` its start (or, for a pulse shorter
    /// than the input's debounce, its end). A change that has not settled within
    /// `socketPatience` past the input's debounce period, or `socketWaitLimit` in all
    /// (clients give up after 5 s), is answered with a warning.
    public func handle(_ request: ControlRequest, responder: ControlResponder) {
        guard case .sim(let name, let action, true) = request else { return responder.reply(handle(request)) }
        do throws(SimulatedInputs.Refusal) {
            try simulate(name, action)
        } catch {
            return responder.reply(.failure(error.text))
        }
        let debounce = configuration.inputs.first { $0.name == name }?.debounce.period ?? .zero
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

    /// `gpioagg set NAME on|off|toggle`: a command input, at once.
    func setCommandInput(_ name: String, _ value: SetCommand) -> ControlReply {
        let commands = configuration.commandInputs.map(\.name)
        if commands.contains(name) {
            return engine.setInput(name, value) == nil ? .failure("the engine is not running") : .ok
        }
        if configuration.inputs.contains(where: { $0.name == name }) {
            return .failure("'\(name)' is an input on a line: only command inputs (command: true) can be set; "
                + "under --simulate, move it with gpioagg sim")
        }
        if configuration.remoteInputs.contains(where: { $0.name == name }) {
            return .failure("'\(name)' follows an MQTT topic: only command inputs (command: true) can be set")
        }
        let list = commands.isEmpty ? "the config declares no command input (command: true)"
            : "command inputs: " + commands.joined(separator: ", ")
        let hint = NameSuggestions.didYouMean(NameSuggestions.closeNames(to: name, among: commands), list: list) ?? list
        return .failure("no command input named '\(name)'; " + hint)
    }

    /// How long past an input's debounce period a `sim` request waits for the change.
    static let socketPatience = Duration.seconds(2)
    /// The longest a `sim` request waits: below the client's 5 s time-out.
    static let socketWaitLimit = Duration.seconds(4)
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
import Engine
import Logging
import Loop
import MQTTCore
import Reactive

/// The running daemon: one configuration's engine on an event loop, and the lifecycle
/// around it. Its lifecycle is a `DaemonStateMachine`: each event (start, lines
/// requested, reload requested, config loaded or refused, stop signal, line failure)
/// returns an action, which the daemon performs here. The rest is services it wires,
/// each subscribed to the engine's changes or handed what it needs, none holding the
/// daemon: the start's log (`StartLog`), the kept values (`ValueKeeper`), MQTT
/// (`MQTTLifecycle`), the control socket's replies (`ControlReplies`), line commands or
/// keys (`CommandInput`, `Keyboard`, over `InputTargets` and `InputSettling`), the
/// service manager's watchdog (`Watchdog`), the sensor inputs' reads (`SensorInputs`). A
/// reload swaps the engine they reach (`RunningEngine`).
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
public final class Daemon {
    public let loop: any EventLoop
    let options: Options
    let notifier: any ServiceNotifier
    let logging: DaemonLogging
    var logger: Logger { logging.logger }

    private var machine = DaemonStateMachine()
    let running: RunningEngine
    private let startLog: StartLog
    let keeper: ValueKeeper
    let mqtt: MQTTLifecycle
    /// Line commands and `sim` requests waiting for their input to settle.
    private let settling: InputSettling
    /// What line commands and keys name and move.
    private let inputTargets: InputTargets
    let replies: ControlReplies
    private var server: ControlServer?
    private var signals: SignalDescriptor?
    /// The services' subscriptions to the running engine's changes.
    var observations: [AnyCancellable] = []
    /// Line commands or keys, under `--simulate`.
    private var interaction: InteractionInput?
    private var watchdog: Watchdog?
    /// Reads the sensor inputs; nil when they are set by hand (`--simulate` alone).
    private(set) var sensors: SensorInputs?
    /// The web server, when the config has `web:`; made only then (`applyWeb`).
    var web: WebLifecycle?
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
        running = RunningEngine(options, loop: loop, logger: logging.logger)
        startLog = StartLog(logging: logging)
        keeper = ValueKeeper(stateDirectory: options.stateDirectory, bootClock: options.bootClock, loop: loop,
                             logger: logging.logger)
        mqtt = MQTTLifecycle(loop: loop, transport: options.mqttTransport, version: options.version,
                             logger: logging.logger)
        settling = InputSettling(running: running, loop: loop)
        inputTargets = InputTargets(running: running, loop: loop)
        replies = ControlReplies(running: running, loop: loop, settling: settling, mqtt: mqtt, keeper: keeper)
        // The MQTT connection came or went: `systemctl status` shows it.
        mqtt.connectionChanged = { [weak self] in
            guard let self, machine.state == .running else { return }
            notifier.notify(["STATUS=" + status])
        }
        startLog.learn(options.configuration)
        sensors = SensorInputs(root: options.sensorRoot, loop: loop, running: running, logger: logger)
        replies.sensors = sensors
    }

    /// The engine that runs now.
    public var engine: Engine { running.engine }
    /// The configuration that runs now.
    public var configuration: Configuration { running.configuration }

    /// Where the lifecycle is.
    public var state: DaemonStateMachine.State { machine.state }

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
        observations = observe(engine)
        let summary = options.backend.summary(of: running.backend, pwm: running.pwm, for: configuration)
        logger.info("gpioagg \(options.version): \(configuration.file): \(StartLog.counts(configuration)); \(summary)")
        engine.keptValues = keeper.keptValues(for: configuration)
        startLog.begin()
        do throws(EngineError) {
            try engine.start()
        } catch {
            startLog.abandon()
            machine.startFailed()
            tearDown()
            throw error
        }
        startLog.report(configuration, engine.snapshot(), now: loop.now)
        sensors?.start(configuration)
        guard machine.linesRequested() == .announceReady else { return }
        openControlSocketOrWarn()
        mqtt.start(configuration, engine: engine)
        applyWeb(configuration)
        interaction = InteractionInput.start(
            options.interaction, descriptor: options.commandDescriptor, loop: loop, targets: inputTargets,
            settling: settling, running: running, logger: logger,
            ended: { [weak self] reason, failures in self?.commandsEnded(reason: reason, failures: failures) },
            quit: { [weak self] in self?.stop(reason: "quit") })
        notifier.notify(["READY=1", "STATUS=" + status])
        watchdog = Watchdog.start(on: loop, notifier: notifier, logger: logger)
        logger.info("ready")
    }

    /// Opens the control socket the options name, and answers on it. `DaemonProcess`
    /// calls it before `start()`, so that a daemon that cannot have its socket (another
    /// one listens there: `.alreadyRunning`, naming that one's pid) fails to start
    /// instead of running on unreachable. Does nothing when it is open or not wanted.
    public func openControlSocket() throws(ControlError) {
        loop.preconditionInEventLoop()
        guard server == nil, let path = options.controlPath else { return }
        let server = try ControlServer(path: path, handler: replies)
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

    /// Each service's subscription to `engine`'s changes, in the order each change
    /// reaches them: the log first; the start's later changes, which the log holds back
    /// until its report, reach no one else.
    private func observe(_ engine: Engine) -> [AnyCancellable] {
        engine.onFailure = { [weak self] error in
            guard let self else { return }
            perform(machine.lineFailure(error.message))
        }
        let log = startLog
        return [log.observe(engine), keeper.observe(engine, unless: log.holdsBack), mqtt.observe(engine),
                settling.observe(engine, unless: log.holdsBack)] + (web.map { [$0.observe(engine)] } ?? [])
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
        keeper.close()
        // The safe values went out to MQTT with the writes; `offline` goes last.
        mqtt.stop { [self] in
            logger.info("stopped (\(reason))")
            machine.stopped(exitStatus: exitStatus)
            logging.outputs.detach()
            onFinish?(exitStatus)
        }
    }

    private func tearDown() {
        sensors?.stop()
        watchdog?.cancel()
        watchdog = nil
        observations = []
        settling.stopAll()
        inputTargets.cancelPulses()
        interaction?.close()
        interaction = nil
        web?.stop()
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
        let source = ReloadSource(path: options.configPath)
        notifier.notifyReloading(status: "reloading \(source.name)")
        logger.info("reloading \(source.name)")
        let loaded: Configuration
        switch source.load(running: configuration, logger: logger) {
        case .loaded(let configuration): loaded = configuration
        case .refused(let reason): return perform(machine.configRefused(reason: reason))
        }
        let backend = options.backend.backend(for: loaded, on: loop, replacing: running.backend)
        let pwm = options.backend.pwm.backend(for: loaded, replacing: running.pwm)
        let next = Engine(configuration: loaded, backend: backend, pwm: pwm, loop: loop, logger: logger)
        // The running engine's subscriptions stay until the next has taken over.
        let previousObservations = observations
        startLog.learn(loaded)
        next.keptValues = keeper.keptValues(for: loaded)
        observations = observe(next)
        do throws(EngineError) {
            try next.start(replacing: engine)
        } catch {
            logger.error("\(error.description)")
            observations = previousObservations
            startLog.learn(configuration)
            if engine.isRunning {
                return perform(machine.configRefused(reason: "\(error.location.map { "\($0): " } ?? "")\(error.message)"))
            }
            // Both engines stopped: every output is at its safe value.
            return perform(machine.reloadFailed(reason: error.message))
        }
        running.replace(engine: next, configuration: loaded, backend: backend, pwm: pwm)
        sensors?.reload(to: loaded)
        mqtt.reload(to: loaded, engine: next)
        applyWeb(loaded, reload: true)
        perform(machine.reloadApplied())
    }

    private func perform(_ action: DaemonStateMachine.ReloadOutcomeAction) {
        switch action {
        case .reportReloaded:
            notifier.notify(["READY=1", "STATUS=" + status])
            logger.info("reloaded \(ReloadSource(path: options.configPath).name): \(StartLog.counts(configuration))")
        case .reportRefused(let reason):
            logger.error("error: reload refused, the previous configuration keeps running: \(reason)")
            notifier.notify(["READY=1", "STATUS=reload refused: \(reason); running the previous configuration"])
        case .stop(let reason, let exitStatus):
            perform(DaemonStateMachine.StopAction.stop(reason: reason, exitStatus: exitStatus))
        case .none:
            break
        }
    }
}

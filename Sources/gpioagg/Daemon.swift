@preconcurrency import Glibc
import Config
import Control
import Dispatch
import Engine
import GPIO
import GPIOSimulated
import Reactive

/// The running daemon: one configuration's engine on an event loop, with its control
/// socket, its signal handling, its console and the service manager's notifications.
///
/// Everything but `init` and `waitUntilFinished()` runs on the loop's thread: the
/// engine, the control socket, the console, the signals (a signalfd). The main thread
/// only waits.
///
/// ```swift
/// try SignalDescriptor.block(Daemon.handledSignals)   // before any thread starts
/// let daemon = try Daemon(configuration: configuration, backend: backend, ...)
/// try daemon.start()               // READY=1 once the outputs hold their initial values
/// exit(daemon.waitUntilFinished()) // SIGTERM: STOPPING=1, safe values, 0
/// ```
final class Daemon: ControlHandler, @unchecked Sendable {
    /// The signals the daemon handles; block them on the main thread first thing.
    static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private(set) var configuration: Configuration
    let loop: EventLoop
    private(set) var engine: Engine
    private(set) var simulation: SimulatedBackend?
    let console: Console
    /// Where a reload reads the configuration again; nil for the embedded demo.
    private let configPath: String?
    private let hardware: any GPIOBackend
    private let controlPath: String?
    private let backendSummary: String

    // Loop thread only.
    private var server: ControlServer?
    private var signals: SignalDescriptor?
    private var observation: AnyCancellable?
    private var commands: CommandInput?
    private var keyboard: Keyboard?
    private var phase = Phase.starting
    private var startWrites: [EngineChange] = []
    private var watchdog: (any Cancellable)?

    private let finished = DispatchSemaphore(value: 0)
    private var exitStatus: Int32 = 0

    enum Phase { case starting, running, reloading, stopping, stopped }

    /// Where commands come from, besides the control socket.
    enum Interaction {
        /// None: a service.
        case none
        /// Line commands from a pipe or a file (simulated inputs only); end of input stops.
        case commands
        /// Keys from a terminal (simulated inputs only).
        case keyboard
    }

    private let interaction: Interaction

    init(configuration: Configuration, configPath: String?, backend: any GPIOBackend, simulation: SimulatedBackend?,
         controlPath: String?, interaction: Interaction, console: Console, backendSummary: String) throws(EngineError) {
        self.configuration = configuration
        self.configPath = configPath
        hardware = backend
        self.simulation = simulation
        self.controlPath = controlPath
        self.interaction = simulation == nil ? .none : interaction
        self.console = console
        console.describe(configuration)
        self.backendSummary = backendSummary
        let loop = try EventLoop()
        self.loop = loop
        engine = Self.makeEngine(configuration, backend: backend, simulation: simulation, loop: loop,
                                 console: console)
    }

    private static func makeEngine(_ configuration: Configuration, backend: any GPIOBackend,
                                   simulation: SimulatedBackend?, loop: EventLoop, console: Console) -> Engine {
        Engine(configuration: configuration, backend: backend, host: loop, simulation: simulation,
               log: { console.warning($0) })
    }

    /// A failure of the running engine stops the daemon with status 1.
    private func stopOnFailure(of engine: Engine) {
        engine.onFailure = { [unowned self] error in
            exitStatus = 1
            stop(reason: "failure: \(error.message)")
        }
    }

    /// Requests the lines, writes the initial values, opens the control socket, then
    /// tells the service manager it is ready. Throws what kept it from starting, with
    /// every line released and every output requested so far at its safe value.
    func start() throws {
        try loop.sync { () throws in
            let signals = try SignalDescriptor(Self.handledSignals)
            self.signals = signals
            loop.watch(fd: signals.fd) { [unowned self] _ in
                for signal in signals.pending() {
                    if signal == SIGHUP {
                        reload()
                    } else {
                        stop(reason: signal == SIGINT ? "SIGINT" : "SIGTERM")
                    }
                }
            }
            stopOnFailure(of: engine)
            observation = engine.observeChanges { [unowned self] change in observe(change) }
            console.info("gpioagg \(GPIOAgg.version): \(configuration.file): \(Self.counts(configuration))"
                + "; \(backendSummary)")
            do {
                try engine.start()
            } catch {
                tearDown()
                throw error
            }
            reportStart()
            if let controlPath {
                do throws(ControlError) {
                    let server = try ControlServer(path: controlPath, handler: self)
                    server.start(register: { [loop] in loop.watch(fd: $0, events: $1, handler: $2) },
                                 unregister: { [loop] in loop.unwatch(fd: $0) })
                    self.server = server
                    console.info("control socket: \(controlPath)")
                } catch {
                    // The lines work without it: say so and go on.
                    console.warning("warning: no control socket: \(error.message)"
                        + (error.hint.isEmpty ? "" : "\nhint: \(error.hint)"))
                }
            }
            switch interaction {
            case .none: break
            case .commands: commands = CommandInput(daemon: self)
            case .keyboard: keyboard = Keyboard(daemon: self)
            }
            phase = .running
            ServiceManager.notify(["READY=1", "STATUS=" + status])
            startWatchdog()
            console.info("ready")
        }
    }

    /// Blocks the calling thread (not the loop's) until the daemon stopped; returns the
    /// exit status: 0 after a requested stop, 1 after a failure.
    func waitUntilFinished() -> Int32 {
        finished.wait()
        loop.stop()
        return exitStatus
    }

    /// Stops: tells the service manager first, drives the outputs to their safe values,
    /// releases the lines, closes the control socket, restores the terminal. Loop thread;
    /// idempotent.
    func stop(reason: String) {
        guard phase == .running || phase == .starting || phase == .reloading else { return }
        phase = .stopping
        ServiceManager.notify(["STOPPING=1"])
        engine.stop()
        let safe = engine.snapshot().outputs
        for output in configuration.outputs {
            if let value = safe[output.name] {
                console.change(EngineChange(kind: .output, name: output.name, value: value, timestamp: loop.now),
                               note: "safe state")
            }
        }
        tearDown()
        console.info("stopped (\(reason))")
        phase = .stopped
        finished.signal()
    }

    /// The one-line summary for `STATUS=`.
    var status: String {
        let snapshot = engine.snapshot()
        let on = snapshot.outputs.filter(\.value).keys.sorted()
        return (simulation == nil ? "" : "simulating; ") + Self.counts(configuration)
            + (on.isEmpty ? "; no output on" : "; on: " + on.joined(separator: ", "))
    }

    // MARK: Reload

    /// Reads the config file again (SIGHUP) and applies it: lines whose role did not
    /// change keep their requests and levels (`Engine.start(replacing:)`). An invalid
    /// file, or one naming lines that cannot be had, is logged with its location and
    /// refused: the running configuration stays, and systemd hears `READY=1` with a
    /// `STATUS=` saying so. Loop thread.
    func reload() {
        guard phase == .running else { return }
        let source = configPath ?? "the embedded demo"
        ServiceManager.notifyReloading(status: "reloading \(source)")
        console.info("reloading \(source)")
        var loaded = configuration
        if let configPath {
            do throws(ConfigErrors) {
                loaded = try ConfigLoader.load(path: configPath)
            } catch {
                for problem in error.errors { console.error(problem.description) }
                let first = error.errors.first.map { "\($0.location): \($0.message)" } ?? configPath
                let count = error.errors.count
                return refuseReload("\(count) error\(count == 1 ? "" : "s") in the config file; first: \(first)")
            }
        }
        let nextSimulation = simulation.map {
            SimulatedBackend.simulating(loaded, clock: SystemSimulationClock(), existing: $0.simulatedChips)
        }
        let next = Self.makeEngine(loaded, backend: nextSimulation ?? hardware, simulation: nextSimulation,
                                   loop: loop, console: console)
        stopOnFailure(of: next)
        phase = .reloading
        let nextObservation = next.observeChanges { [unowned self] change in observe(change) }
        do {
            try next.start(replacing: engine)
        } catch {
            console.error(error.description)
            if engine.isRunning {
                phase = .running
                return refuseReload("\(error.location.map { "\($0): " } ?? "")\(error.message)")
            }
            // Both engines stopped: every output is at its safe value.
            exitStatus = 1
            return stop(reason: "reload failed: \(error.message)")
        }
        engine = next
        observation = nextObservation
        configuration = loaded
        simulation = nextSimulation
        console.describe(loaded)
        phase = .running
        ServiceManager.notify(["READY=1", "STATUS=" + status])
        console.info("reloaded \(source): \(Self.counts(loaded))")
    }

    private func refuseReload(_ reason: String) {
        console.error("reload refused, the previous configuration keeps running: \(reason)")
        ServiceManager.notify(["READY=1", "STATUS=reload refused: \(reason); running the previous configuration"])
    }

    /// Pings systemd's watchdog from the loop's own timer: a loop that is stuck stops
    /// the pings, and systemd restarts the service.
    private func startWatchdog() {
        guard let interval = ServiceManager.watchdogInterval() else { return }
        let stride = EventLoopScheduler.SchedulerTimeType.Stride(interval)
        watchdog = loop.scheduler.schedule(after: loop.scheduler.now.advanced(by: stride), interval: stride) {
            ServiceManager.notify(["WATCHDOG=1"])
        }
        console.info("watchdog: pinging every \(interval.wholeNanoseconds / 1_000_000) ms")
    }

    private func tearDown() {
        watchdog?.cancel()
        watchdog = nil
        observation = nil
        commands?.close()
        commands = nil
        keyboard?.close()
        keyboard = nil
        server?.close()
        server = nil
        if let signals { loop.unwatch(fd: signals.fd) }
    }

    // MARK: Changes

    private func observe(_ change: EngineChange) {
        switch phase {
        case .starting: startWrites.append(change)
        case .running, .reloading: console.change(change)
        case .stopping, .stopped: break  // the safe values are reported by stop()
        }
    }

    /// The level of everything at start: each output's initial value, then the inputs
    /// and signals as the lines were read, then the outputs' first writes.
    private func reportStart() {
        var reported = Set<String>()
        var later: [EngineChange] = []
        for change in startWrites {
            if reported.insert(change.name).inserted {
                console.change(change, note: "initial")
            } else {
                later.append(change)
            }
        }
        startWrites = []
        let snapshot = engine.snapshot()
        let now = loop.now
        for input in configuration.inputs {
            console.change(EngineChange(kind: .input, name: input.name, value: snapshot.inputs[input.name] ?? false,
                                        timestamp: now), note: "initial")
        }
        for signal in configuration.signals {
            console.change(EngineChange(kind: .signal, name: signal.name,
                                        value: snapshot.signals[signal.name] ?? false, timestamp: now),
                           note: "initial")
        }
        for change in later { console.change(change) }
    }

    static func counts(_ configuration: Configuration) -> String {
        [counted(configuration.inputs.count, "input"), counted(configuration.signals.count, "signal"),
         counted(configuration.outputs.count, "output")].joined(separator: ", ")
    }

    /// Every level now, as `status` replies and the console's status command prints it.
    var statusSnapshot: StatusSnapshot {
        let snapshot = engine.snapshot()
        return StatusSnapshot(inputs: snapshot.inputs, signals: snapshot.signals, outputs: snapshot.outputs)
    }

    // MARK: Control requests

    func handle(_ request: ControlRequest) -> ControlReply {
        switch request {
        case .status:
            return .status(statusSnapshot)
        case .sim(let name, let action):
            guard simulation != nil else {
                return .failure("gpioagg is not simulating its inputs (start it with --simulate)")
            }
            do throws(EngineError) {
                try simulate(name, action)
                return .ok
            } catch {
                return .failure(error.message + (error.hint.isEmpty ? "" : "; " + error.hint))
            }
        }
    }

    /// Moves a simulated input (the engine refuses when the inputs are not simulated).
    /// Loop thread.
    func simulate(_ name: String, _ action: SimAction) throws(EngineError) {
        switch action {
        case .set(let value): try engine.setSimulatedInput(name, value)
        case .toggle: try engine.toggleSimulatedInput(name)
        case .pulse(let duration): try engine.pulseSimulatedInput(name, for: duration)
        }
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
import Engine
import Loop

/// The daemon as a process runs it (`gpioagg run`): two threads, a `PosixEventLoop`
/// that owns the `Daemon` and everything it drives, and the calling thread, which only
/// waits for it to stop.
///
/// The backend is the caller's choice (`GPIOBackendFactory`), so that this module needs
/// no libgpiod.
///
/// ```swift
/// try DaemonProcess.prepareThisProcess()   // first thing, before any thread starts
/// let logging = DaemonLogging.forThisProcess()
/// let process = DaemonProcess(configuration: configuration, configPath: path,
///                             backend: .kernel(LibgpiodBackend(), summary: "libgpiod 2.1 (API v2)"),
///                             controlPath: ControlPath.serverForThisProcess(), version: "0.1.0")
/// exit(try process.run(logging: logging))
/// ```
public struct DaemonProcess {
    public var configuration: Configuration
    /// Where a reload reads the configuration again; nil for the embedded demo.
    public var configPath: String?
    /// The kernel's chips, or simulated ones made to fit (`--simulate`, `--board`).
    public var backend: GPIOBackendFactory
    public var controlPath: String
    public var version: String
    /// `--state-dir`: where kept values live (nil: found as `StateDirectory` says).
    public var stateDirectory: String?
    /// `--sysfs-root`: where sensor inputs are read instead of `/sys`.
    public var sysfsRoot: String?

    public init(configuration: Configuration, configPath: String?, backend: GPIOBackendFactory,
                controlPath: String, version: String, stateDirectory: String? = nil, sysfsRoot: String? = nil) {
        self.configuration = configuration
        self.configPath = configPath
        self.backend = backend
        self.controlPath = controlPath
        self.version = version
        self.stateDirectory = stateDirectory
        self.sysfsRoot = sysfsRoot
    }

    /// Blocks the daemon's signals and ignores SIGPIPE. Call it before any thread starts,
    /// so that every thread leaves the signals to the loop's signalfd.
    public static func prepareThisProcess() throws(LoopError) {
        try SignalDescriptor.block(Daemon.handledSignals)
        signal(SIGPIPE, SIG_IGN)
    }

    /// Runs the daemon until it stops and returns its exit status: 0 after SIGTERM,
    /// SIGINT or quit, 1 after a failure (an engine error that kept it from starting, or
    /// a control socket it could not have, such as one another daemon listens on, is
    /// logged). Throws what kept the loop from being made.
    public func run(logging: DaemonLogging) throws -> Int32 {
        let status: Int32
        do {
            status = try runDaemon(logging: logging)
        } catch let error as EngineError {
            logging.logger.error("\(error.description)")
            logging.outputs.flush(timeout: .seconds(1))
            return 1
        } catch let error as ControlError {
            // Another daemon on the socket: this one must not run on beside it.
            logging.logger.error("error: \(error.description)")
            logging.outputs.flush(timeout: .seconds(1))
            return 1
        }
        logging.outputs.flush(timeout: .seconds(1))
        return status
    }

    private func runDaemon(logging: DaemonLogging) throws -> Int32 {
        let loop = try PosixEventLoop()
        let signals = try SignalDescriptor(Daemon.handledSignals)
        let finished = Finished()
        try loop.sync { () throws in
            let options = Daemon.Options(configuration: configuration, configPath: configPath, backend: backend,
                                         controlPath: controlPath, interaction: Self.interaction(),
                                         version: version, stateDirectory: stateDirectory, sysfsRoot: sysfsRoot)
            let daemon = Daemon(options, loop: loop, notifier: SystemdNotifier(), logging: logging,
                                signals: signals)
            daemon.onFinish = { finished.finish($0) }
            try daemon.openControlSocket()
            try daemon.start()
            finished.keep(LoopBound(daemon, loop: loop))
        }
        let status = finished.wait()
        loop.stop()
        return status
    }

    /// Keys on a terminal, commands from a pipe or a file, nothing otherwise (a
    /// service's /dev/null or socket).
    static func interaction() -> Daemon.Interaction {
        if isatty(STDIN_FILENO) == 1 { return .keyboard }
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { return .none }
        switch status.st_mode & S_IFMT {
        case S_IFIFO, S_IFREG: return .commands
        default: return .none
        }
    }
}

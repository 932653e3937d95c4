@preconcurrency import Glibc
import Locks
import Config
import Engine
import GPIO
import GPIOLibgpiod
import GPIOSimulated
import Loop
import Service

extension GPIOAgg {
    /// `gpioagg run`: the daemon.
    struct Run: Command {
        static let defaultConfig = "/etc/gpioagg/gpioagg.yaml"
        /// `EX_CONFIG` from sysexits.h: the unit does not restart on it.
        static let configErrorStatus: Int32 = 78

        static let help = CommandHelp(
            name: "run",
            abstract: "Run the signal graph of a config file (the default subcommand).",
            discussion: """
                Requests the lines the config names, drives each output to its initial \
                value, and from then on drives the outputs from the inputs until SIGTERM \
                or SIGINT, which put every output in its safe state and exit 0. SIGHUP \
                reads the config file again: lines whose role did not change keep their \
                levels; an invalid file is logged and the running config stays. Each \
                change of an input, a signal or an output is logged.

                With --simulate the lines are simulated (a Raspberry Pi header, plus any \
                other chip the config declares), and without --config the embedded demo \
                runs: three switches and a ready LED that is on only while all three are \
                on. Move the simulated inputs with 'gpioagg sim', with keys when standard \
                input is a terminal, or with commands when it is a pipe or a file:

                  on NAME | off NAME | toggle NAME | N   set or invert an input (N: the Nth)
                  pulse NAME [DURATION]                   invert it for a while (100ms)
                  status                                  print every level
                  quit                                    safe values, exit (end of input too)

                Exit status: 0 after SIGTERM, SIGINT or quit; 78 when the config file is \
                invalid; 1 when the lines cannot be requested or stop working.
                """,
            options: [
                .option("config", valueName: "path",
                        help: "The config file (default: \(defaultConfig); with --simulate, the embedded demo)."),
            ] + BackendOptions.options + ControlOptions.options
        )

        let config: String?
        let backend: BackendOptions
        let control: ControlOptions

        init(parsing arguments: ParsedArguments) {
            config = arguments.value("config")
            backend = BackendOptions(arguments)
            control = ControlOptions(arguments)
        }

        func run() throws {
            // Before any thread starts, so that every thread leaves them to the signalfd.
            do throws(LoopError) {
                try SignalDescriptor.block(Daemon.handledSignals)
            } catch {
                printError("gpioagg: error: \(error)")
                throw ExitCode(1)
            }
            signal(SIGPIPE, SIG_IGN)
            let logging = DaemonLogging.forThisProcess()
            let configuration = try loadConfiguration(logging)
            let status: Int32
            do {
                status = try Self.runDaemon(configuration: configuration, configPath: config ?? (backend.simulate ? nil : Self.defaultConfig),
                                            simulate: backend.simulate, controlPath: control.serverPath(), logging: logging)
            } catch let error as EngineError {
                logging.logger.error("\(error.description)")
                logging.outputs.flush(timeout: .seconds(1))
                throw ExitCode(1)
            }
            logging.outputs.flush(timeout: .seconds(1))
            throw ExitCode(status)
        }

        /// Runs the daemon on a `PosixEventLoop` until it stops; returns its exit status.
        static func runDaemon(configuration: Configuration, configPath: String?, simulate: Bool,
                              controlPath: String, logging: DaemonLogging) throws -> Int32 {
            let loop = try PosixEventLoop()
            let signals = try SignalDescriptor(Daemon.handledSignals)
            let finished = Finished()
            try loop.sync { () throws(EngineError) in
                let simulation = simulate ? SimulatedBackend.simulating(configuration, clock: loop) : nil
                let options = Daemon.Options(configuration: configuration, configPath: configPath,
                                             hardware: LibgpiodBackend(), simulation: simulation,
                                             controlPath: controlPath, interaction: interaction(),
                                             version: GPIOAgg.version,
                                             backendSummary: backendSummary(simulation, configuration))
                let daemon = Daemon(options, loop: loop, notifier: SystemdNotifier(), logging: logging,
                                    signals: signals)
                daemon.onFinish = { finished.finish($0) }
                try daemon.start()
                finished.keep(LoopBound(daemon, loop: loop))
            }
            let status = finished.wait()
            loop.stop()
            return status
        }

        private func loadConfiguration(_ logging: DaemonLogging) throws -> Configuration {
            guard let path = config ?? (backend.simulate ? nil : Self.defaultConfig) else {
                return Configuration.embeddedDemo
            }
            do throws(ConfigErrors) {
                return try ConfigLoader.load(path: path)
            } catch {
                for problem in error.errors { printError(problem.description) }
                let count = error.errors.count
                printError("gpioagg: \(count) error\(count == 1 ? "" : "s") in \(path); nothing was started")
                if config == nil, error.errors.count == 1, !ConfigPathProbe.exists(path) {
                    printError("hint: pass --config PATH, or try the simulated demo: gpioagg --simulate")
                }
                throw ExitCode(Self.configErrorStatus)
            }
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

        static func backendSummary(_ simulation: SimulatedBackend?, _ configuration: Configuration) -> String {
            guard let simulation else {
                return "libgpiod \(LibgpiodBackend.libraryVersion) (API v\(LibgpiodBackend.apiGeneration))"
            }
            let used = simulation.simulatedChips.filter { chip in
                configuration.chips.contains { $0.locator.matches(chip.info) }
            }
            return "simulated chips: " + used.map { "\($0.info.name) [\($0.info.label)]" }.joined(separator: ", ")
        }
    }
}

enum ConfigPathProbe {
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }
}

/// Prints an engine error (location, message, notes, hint) and exits 1.
func exitReporting(_ error: EngineError) -> ExitCode {
    printError(error.description)
    return ExitCode(1)
}

/// The main thread's wait for the daemon: its exit status, once it stopped.
///
/// `Locks.Semaphore` (a pthread mutex and condition), not a Dispatch semaphore: nothing
/// in gpioagg needs Dispatch, and ThreadSanitizer sees it.
final class Finished: Sendable {
    private let done = Semaphore()
    private let state = LockedValueBox<(status: Int32, daemon: LoopBound<Daemon>?)>((0, nil))

    /// Holds the daemon until it finishes.
    func keep(_ daemon: LoopBound<Daemon>) {
        state.withLockedValue { $0.daemon = daemon }
    }

    func finish(_ status: Int32) {
        state.withLockedValue { $0.status = status }
        done.signal()
    }

    func wait() -> Int32 {
        done.wait()
        return state.withLockedValue { $0.status }
    }
}

@preconcurrency import Glibc
import CommandParsing
import Config
import GPIOLibgpiod
import Loop
import Service

extension GPIOAgg {
    /// `gpioagg run`: the daemon.
    struct Run: Command {
        static let defaultConfig = "/etc/gpioagg/gpioagg.yaml"
        /// `EX_CONFIG` from sysexits.h: the unit does not restart on it.
        static let configErrorStatus: Int32 = 78

        static let help = CommandHelp(
            name: "gpioagg run",
            abstract: "Run the signal graph of a config file (the default subcommand).",
            discussion: """
                Requests the lines the config names, drives each output to its initial \
                value, and from then on drives the outputs from the inputs until SIGTERM \
                or SIGINT, which put every output in its safe state and exit 0. SIGHUP \
                reads the config file again: lines whose role did not change keep their \
                levels; an invalid file is logged and the running config stays. Each \
                change of an input, a signal or an output is logged.

                With --simulate the lines are simulated (a Raspberry Pi 4 header, or with \
                --board every chip of that board as its kernel names them, plus any other \
                chip the config declares), and without --config the embedded demo \
                runs: three switches and a ready LED that is on only while all three are \
                on. Move the simulated inputs with 'gpioagg sim', with keys when standard \
                input is a terminal, or with commands when it is a pipe or a file:

                  on NAME | off NAME | toggle NAME | N   set or invert an input (N: the Nth)
                  set NAME VALUE                          a level, a number, unavailable, a
                                                          counter's total, a cover's open,
                                                          close, stop or position, a PWM
                                                          output's percent
                  press NAME                              press a pressed input
                  pulse NAME [DURATION]                   invert it for a while (100ms)
                  status                                  print every level
                  quit                                    safe values, exit (end of input too)

                Exit status: 0 after SIGTERM, SIGINT or quit; 78 when the config file is \
                invalid; 1 when the lines cannot be requested or stop working.
                """,
            options: [
                .option("config", valueName: "path",
                        help: "The config file (default: \(defaultConfig); with --simulate, the embedded demo)."),
            ] + BackendOptions.options + ControlOptions.options + [
                .option("state-dir", valueName: "path",
                        help: "Where values kept across restarts live (persist: true, initial: restore); default: "
                            + "$STATE_DIRECTORY, else /var/lib/gpioagg, else $XDG_STATE_HOME/gpioagg."),
                SysfsRoot.option(
                    help: "Read sensor inputs under this folder instead of /sys (a fake tree, for tests and "
                        + "benchmarks), and drive PWM outputs there too unless --simulate; with --simulate, "
                        + "sensor inputs are then read there, not set by hand."),
            ]
        )

        let config: String?
        let stateDirectory: String?
        let sysfsRoot: String?
        let backend: BackendOptions
        let control: ControlOptions

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            config = arguments.value("config")
            stateDirectory = arguments.value("state-dir")
            sysfsRoot = try SysfsRoot.parse(arguments)
            backend = try BackendOptions(arguments)
            control = ControlOptions(arguments)
        }

        func run() throws {
            do throws(LoopError) {
                try DaemonProcess.prepareThisProcess()
            } catch {
                throw exitReporting(message: "\(error)", hint: "")
            }
            let logging = DaemonLogging.forThisProcess()
            let configuration = try loadConfiguration()
            let chips: GPIOBackendFactory = backend.simulate ? .simulated(board: backend.board) : .kernel(
                LibgpiodBackend(),
                summary: "libgpiod \(LibgpiodBackend.libraryVersion) (API v\(LibgpiodBackend.apiGeneration))",
                sysfsRoot: sysfsRoot ?? "/sys")
            let process = DaemonProcess(configuration: configuration, configPath: configPath, backend: chips,
                                        controlPath: control.serverPath(), version: GPIOAgg.version,
                                        stateDirectory: stateDirectory, sysfsRoot: sysfsRoot)
            throw ExitCode(try process.run(logging: logging))
        }

        /// The file to read, nil for the embedded demo.
        private var configPath: String? { config ?? (backend.simulate ? nil : Self.defaultConfig) }

        private func loadConfiguration() throws -> Configuration {
            guard let path = configPath else {
                return backend.board.map(Configuration.embeddedDemo(on:)) ?? Configuration.embeddedDemo
            }
            do throws(ConfigErrors) {
                return try ConfigLoader.load(path: path)
            } catch {
                error.report(in: path, outcome: "nothing was started")
                var status = stat()
                if config == nil, error.errors.count == 1, stat(path, &status) != 0 {
                    printError("hint: pass --config PATH, or try the simulated demo: gpioagg --simulate")
                }
                throw ExitCode(Self.configErrorStatus)
            }
        }
    }
}

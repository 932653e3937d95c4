@preconcurrency import Glibc
import CommandParsing
import Config
import PWM
import Service

extension GPIOAgg {
    /// `gpioagg safe`: writes every PWM output's safe value, for after the daemon died.
    struct Safe: Command {
        static let help = CommandHelp(
            name: "gpioagg safe",
            abstract: "Write every PWM output's safe value (after the daemon died).",
            discussion: """
                When gpioagg dies (a crash, SIGKILL, an out-of-memory kill) the kernel \
                keeps each PWM channel it exported running at its last duty cycle: unlike \
                a GPIO line, an exported channel is not released with the process. This \
                writes each PWM output's safe: percent to its channel (exporting it when \
                needed, taking it over as it runs otherwise) and prints what it wrote. \
                The systemd unit runs it after the daemon stops (ExecStopPost=); after a \
                crash outside systemd, run it by hand. Do not run it beside a running \
                daemon: the daemon would write its outputs again at their next change.

                Exit status: 0 when every PWM output was written (or there is none), 1 \
                when one could not be (the others are written all the same) or the config \
                file is invalid.
                """,
            options: [
                .option("config", valueName: "path", help: "The config file.", defaultValue: Run.defaultConfig),
                SysfsRoot.option(help: "Write the PWM channels under this folder instead of /sys (a fake tree, for tests)."),
            ]
        )

        let config: String
        let sysfsRoot: String?

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            config = arguments.value("config") ?? Run.defaultConfig
            sysfsRoot = try SysfsRoot.parse(arguments)
        }

        func run() throws {
            let loaded: Configuration
            do throws(ConfigErrors) {
                loaded = try ConfigLoader.load(path: config)
            } catch {
                error.report(in: config, outcome: "no safe value was written")
                throw ExitCode(1)
            }
            guard !loaded.pwmOutputs.isEmpty else {
                print("\(config) has no PWM output: nothing to write")
                return
            }
            let writer = PWMSafeWriter(backend: SysfsPWMBackend(root: sysfsRoot ?? "/sys"))
            var failed = 0
            for outcome in writer.write(loaded) {
                if outcome.succeeded {
                    print(outcome.message)
                    // Each line as it is written: the journal (ExecStopPost=) shows it at once,
                    // and a later output's tries do not hold it back.
                    fflush(stdout)
                } else {
                    printError("error: " + outcome.message)
                    failed += 1
                }
            }
            if failed > 0 {
                printError("gpioagg: \(failed) of \(loaded.pwmOutputs.count) PWM output\(loaded.pwmOutputs.count == 1 ? "" : "s") "
                    + "could not be written: \(failed == 1 ? "it runs" : "they run") as before")
                throw ExitCode(1)
            }
        }
    }
}

import CommandParsing
import Config
import Scenario

extension GPIOAgg {
    /// `gpioagg test FILE...`: runs test files, a config's timing checked in virtual time.
    struct Test: Command {
        static let help = CommandHelp(
            name: "gpioagg test",
            abstract: "Run test files against a config, in virtual time.",
            discussion: """
                A test file names its config (config:, relative to the test file) and lists \
                steps: set, toggle and pulse move inputs on simulated lines (their debounce \
                applies), and set gives a numeric input a number or unavailable; wait lets \
                virtual time pass; expect checks inputs, signals and outputs, a number at its \
                precision or within a tolerance (near: 24.65, within: 0.01); expect_active \
                and expect_quiet whether a name turned on during the last step that acted. \
                With mqtt: in the config, remote publishes what other boards would on a \
                broker in memory (remote: { shed/door: "ON" }, remote: { node: shed, \
                status: offline }) and broker: down and broker: up take it away and bring \
                it back, for remote inputs' holds and fallbacks. Hours of a scenario take milliseconds, and no GPIO line is \
                touched. Every error in a test file or its config is reported before it runs. \
                A failed expectation is reported with the time and the latest changes of what \
                the name follows, and the run goes on. Exits 1 if anything failed or could \
                not run. docs/TESTING.md describes the format.

                  gpioagg test config/examples/*.test.yaml
                """,
            arguments: [ArgumentSpec("file", help: "A test file, e.g. garage.test.yaml.", isRepeating: true)],
            options: [
                .option("config", valueName: "path",
                        help: "The config file to test, instead of each test file's config:."),
            ]
        )

        let files: [String]
        let config: String?

        init(parsing arguments: ParsedArguments) {
            files = arguments.positionals
            config = arguments.value("config")
        }

        func run() throws {
            var passed = 0
            var failed = 0
            var notRun = 0
            for file in files {
                let loaded: LoadedScenario
                do throws(ConfigErrors) {
                    loaded = try ScenarioLoader.load(path: file, config: config)
                } catch {
                    error.report(in: file, outcome: "not run")
                    notRun += 1
                    continue
                }
                let result = ScenarioRunner.run(loaded)
                for failure in result.failures { printError(failure.description) }
                if let error = result.error {
                    printError(error)
                    notRun += 1
                }
                passed += result.passed
                failed += result.failed
                print("\(file): \(result.passed) passed, \(result.failed) failed"
                    + (result.error == nil ? "" : ", stopped early")
                    + " (\(ReadableDuration.format(result.elapsed)) of virtual time)")
            }
            print("\(passed) passed, \(failed) failed in \(counted(files.count, "file"))"
                + (notRun == 0 ? "" : "; \(notRun) could not run"))
            if failed > 0 || notRun > 0 { throw ExitCode(1) }
        }

        /// `1 file`, `3 errors`.
        private func counted(_ number: Int, _ noun: String) -> String {
            "\(number) \(noun)\(number == 1 ? "" : "s")"
        }
    }
}

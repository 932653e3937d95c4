import CommandParsing
import Config
import GPIO

extension GPIOAgg {
    /// `gpioagg check`: validates a config file without touching hardware.
    struct Check: Command {
        static let defaultConfig = "/etc/gpioagg/gpioagg.yaml"

        static let help = CommandHelp(
            name: "gpioagg check",
            abstract: "Validate a config file and print its signal graph.",
            discussion: """
                Reports every error in the file, each as FILE:LINE:COL: error: ... with a \
                hint when there is a fix, and exits 1; otherwise prints the chips, inputs, \
                signals (in the order they are built) and outputs, and exits 0. No GPIO \
                line is touched, so it is safe to run next to a running daemon. \
                docs/CONFIG.md describes the format.
                """,
            options: [.option("config", valueName: "path", help: "The config file.", defaultValue: defaultConfig)]
        )

        let config: String

        init(parsing arguments: ParsedArguments) {
            config = arguments.value("config") ?? Self.defaultConfig
        }

        func run() throws {
            let loaded: Configuration
            do throws(ConfigErrors) {
                loaded = try ConfigLoader.load(path: config)
            } catch {
                for problem in error.errors { printError(problem.description) }
                let count = error.errors.count
                printError("gpioagg: \(count) error\(count == 1 ? "" : "s") in \(config)")
                throw ExitCode(1)
            }
            for line in Self.summary(of: loaded) { print(line) }
        }

        /// The resolved graph for people: one line per chip, input, signal and output.
        static func summary(of configuration: Configuration) -> [String] {
            let width = (configuration.chips.map(\.name) + configuration.inputs.map(\.name)
                + configuration.signals.map(\.name) + configuration.outputs.map(\.name))
                .map(\.count).max() ?? 0
            func row(_ name: String, _ details: String) -> String {
                "  " + name + String(repeating: " ", count: width - name.count + 2) + details
            }
            var lines = ["\(configuration.file): valid; "
                + [counted(configuration.chips.count, "chip"), counted(configuration.inputs.count, "input"),
                   counted(configuration.signals.count, "signal"), counted(configuration.outputs.count, "output")]
                .joined(separator: ", ")]
            func section(_ title: String, _ rows: [String]) -> [String] {
                [title] + (rows.isEmpty ? ["  (none)"] : rows)
            }
            lines += section("chips:", configuration.chips.map { row($0.name, ConfigText.chip($0.locator)) })
            lines += section("inputs:", configuration.inputs.map { input in
                row(input.name, "chip \(input.chip), \(lineText(input.line)), active \(input.activeLow ? "low" : "high"), "
                    + "bias \(input.bias.rawValue), debounce \(ConfigText.debounce(input.debounce))")
            })
            lines += section("signals, in dependency order:",
                             configuration.signals.map { row($0.name, ConfigText.expression($0.expression)) })
            lines += section("outputs:", configuration.outputs.map { output in
                row(output.name, "chip \(output.chip), \(lineText(output.line)), follows \(output.follows), "
                    + "initial \(ConfigText.onOff(output.initial)), safe \(ConfigText.onOff(output.safe)), "
                    + "active \(output.activeLow ? "low" : "high"), drive \(output.drive.rawValue)")
            })
            return lines
        }

        /// `1 input`, `3 inputs`.
        private static func counted(_ number: Int, _ noun: String) -> String {
            "\(number) \(noun)\(number == 1 ? "" : "s")"
        }

        private static func lineText(_ line: LineLocator) -> String {
            switch line {
            case .name(let name): return "line \(name)"
            case .offset(let offset): return "offset \(offset)"
            case .headerPin(let pin):
                return PinHeader.raspberryPi.gpio(ofPin: pin).map { "line PIN\(pin) (GPIO\($0))" } ?? "line PIN\(pin)"
            }
        }
    }
}

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

                With --board, every chip and line is also looked up in that Raspberry \
                Pi's chips as its kernel names them, so that a line name the board does \
                not have (GPIO40, BCM18, gpio17) is reported here rather than when the \
                daemon starts on the board. Chips the board does not have (an expander) \
                are taken as add-ons; their lines are checked on the hardware.
                """,
            options: [
                .option("config", valueName: "path", help: "The config file.", defaultValue: defaultConfig),
                .option("board", valueName: "name", help: "Check the chips and lines against this board: \(BoardOption.names)."),
            ]
        )

        let config: String
        let board: BoardProfile?

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            config = arguments.value("config") ?? Self.defaultConfig
            board = try BoardOption.profile(arguments)
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
            var resolution: BoardResolution?
            if let board {
                do throws(ConfigErrors) {
                    resolution = try loaded.resolved(on: board)
                } catch {
                    for problem in error.errors { printError(problem.description) }
                    let count = error.errors.count
                    printError("gpioagg: \(count) error\(count == 1 ? "" : "s") in \(config) on the \(board.model) (\(board.name))")
                    throw ExitCode(1)
                }
            }
            var lines = Self.summary(of: loaded)
            if let resolution { lines.insert(Self.boardLine(resolution), at: 1) }
            for line in lines { print(line) }
        }

        /// `checked against the Raspberry Pi 4 Model B (pi4): ...`: the board, and the
        /// chips it does not have.
        static func boardLine(_ resolution: BoardResolution) -> String {
            let board = resolution.board
            var line = "checked against the \(board.model) (\(board.name)): every chip and line found"
            if !resolution.addOnChips.isEmpty {
                let names = resolution.addOnChips.map { "'\($0)'" }.joined(separator: ", ")
                line = "checked against the \(board.model) (\(board.name)): every line of its chips found; "
                    + "\(names) not on the board (add-on\(resolution.addOnChips.count == 1 ? "" : "s"), lines not checked)"
            }
            return line
        }

        /// The resolved graph for people: one line per chip, input, signal and output.
        static func summary(of configuration: Configuration) -> [String] {
            let width = (configuration.chips.map(\.name) + configuration.inputNames
                + configuration.signals.map(\.name) + configuration.outputs.map(\.name)
                + (configuration.mqtt == nil ? [] : ["discovery"]))
                .map(\.count).max() ?? 0
            func row(_ name: String, _ details: String) -> String {
                "  " + name + String(repeating: " ", count: width - name.count + 2) + details
            }
            var lines = ["\(configuration.file): valid; "
                + [counted(configuration.chips.count, "chip"), counted(configuration.inputNames.count, "input"),
                   counted(configuration.signals.count, "signal"), counted(configuration.outputs.count, "output")]
                .joined(separator: ", ")]
            func section(_ title: String, _ rows: [String]) -> [String] {
                [title] + (rows.isEmpty ? ["  (none)"] : rows)
            }
            lines += section("chips:", configuration.chips.map { row($0.name, ConfigText.chip($0.locator)) })
            lines += section("inputs:", configuration.inputs.map { input in
                row(input.name, "chip \(input.chip), \(lineText(input.line)), active \(input.activeLow ? "low" : "high"), "
                    + "bias \(input.bias.rawValue), debounce \(ConfigText.debounce(input.debounce))")
            } + configuration.commandInputs.map { input in
                row(input.name, "command (MQTT /set, gpioagg set), initial \(ConfigText.onOff(input.initial))"
                    + (input.persist ? ", persist" : ""))
            } + configuration.remoteInputs.map { input in
                row(input.name, "topic \(input.topic), fallback \(ConfigText.onOff(input.fallback))"
                    + (input.payloadOn.map { ", payload_on \($0)" } ?? "")
                    + (input.payloadOff.map { ", payload_off \($0)" } ?? ""))
            })
            lines += section("signals, in dependency order:",
                             configuration.signals.map { row($0.name, ConfigText.signal($0)) })
            lines += section("outputs:", configuration.outputs.map { output in
                row(output.name, "chip \(output.chip), \(lineText(output.line)), follows \(output.follows), "
                    + "initial \(output.restore ? "restore" : ConfigText.onOff(output.initial)), "
                    + "safe \(ConfigText.onOff(output.safe)), "
                    + "active \(output.activeLow ? "low" : "high"), drive \(output.drive.rawValue)"
                    + (output.pulse.map { ", pulse \(ConfigText.duration($0))" } ?? "")
                    + (output.maxOn.map { ", max_on \(ConfigText.duration($0))" } ?? ""))
            })
            if !configuration.interlocks.isEmpty {
                lines += section("interlocks:", configuration.interlocks.map { interlock in
                    row(interlock.name, "outputs [\(interlock.outputs.joined(separator: ", "))], "
                        + "wait \(ConfigText.duration(interlock.wait))")
                })
            }
            if let mqtt = configuration.mqtt {
                lines += ["mqtt:", row("broker", mqtt.broker.description
                                       + (mqtt.username.map { ", username \($0)" } ?? "")
                                       + (mqtt.passwordFile == nil ? "" : ", password from a file")
                                       + (mqtt.tls == nil ? "" : ", TLS files given")),
                          row("topics", mqtt.topic(of: "NAME") + ", status " + mqtt.statusTopic),
                          row("discovery", mqtt.discovery.map { "Home Assistant under \($0)/" } ?? "off")]
            }
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

import CommandParsing
import Control
import Service
import Values

extension GPIOAgg {
    /// `gpioagg set NAME on|off|toggle`: a command input of the running daemon.
    struct Set: Command {
        static let help = CommandHelp(
            name: "gpioagg set",
            abstract: "Set a command input (command: true) of the running daemon on, off, or toggle it.",
            discussion: """
                Command inputs have no line: the config declares them with command: true, \
                and MQTT, Home Assistant and this command set them.

                  gpioagg set override on
                  gpioagg set override toggle
                """,
            arguments: [ArgumentSpec("name", help: "The command input, as named in the config."),
                        ArgumentSpec("on|off|toggle", help: "The new value (true, false, 1 and 0 too).",
                                     values: SetCommand.allCases.map(\.rawValue))],
            options: ControlOptions.options
        )

        let name: String
        let value: SetCommand
        let control: ControlOptions

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            name = arguments.positional(0) ?? ""
            let text = arguments.positional(1) ?? ""
            guard let command = SetCommand(text) else {
                throw UsageError("'\(text)' is not a value: " + (LevelWord.meaningHint(for: text) ?? "write on, off or toggle"))
            }
            value = command
            control = ControlOptions(arguments)
        }

        func run() throws {
            try control.sendExpectingOK(.set(name: name, value: value), what: "set")
        }
    }
}

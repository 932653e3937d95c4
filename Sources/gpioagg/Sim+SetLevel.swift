import CommandParsing
import Control
import Service
import Values

extension GPIOAgg.Sim {
    /// `gpioagg sim set NAME on|off|NUMBER|unavailable`.
    struct SetLevel: Command {
        static let help = CommandHelp(
            name: "gpioagg sim set",
            abstract: "Set a simulated input on or off, or a numeric input to a reading or unavailable.",
            discussion: """
                A numeric input (type: number, a command or a remote one) takes a \
                decimal number as a reading, outside its min: and max: too, or \
                unavailable, as a sensor that does not answer; the daemon answers with \
                its new value.

                  gpioagg sim set switch1 on
                  gpioagg sim set t_north 27.5
                  gpioagg sim set t_north unavailable
                """,
            arguments: [inputArgument, ArgumentSpec("on|off", help: "on or off (true, false, 1 and 0 too).")],
            options: simOptions
        )

        let name: String
        let action: SimAction
        let control: ControlOptions
        let wait: Bool

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            name = arguments.positional(0) ?? ""
            action = try Self.action(arguments.positional(1) ?? "")
            control = ControlOptions(arguments)
            wait = !arguments.flag("no-wait")
        }

        func run() throws {
            try GPIOAgg.Sim.send(name: name, action: action, control: control, wait: wait)
        }

        /// What `sim set` writes, not knowing whether the input is a level or a number:
        /// a number (1 and 0 among them, which the daemon takes as on and off for a
        /// level), `unavailable`, or a level word.
        static func action(_ argument: String) throws(UsageError) -> SimAction {
            if let action = SimAction(setting: argument) { return action }
            throw UsageError("'\(argument)' is not a level: "
                + (LevelWord.meaningHint(for: argument) ?? "write on or off (a numeric input: a number or unavailable)"))
        }
    }
}

import CommandParsing
import Service
import Values

extension GPIOAgg.Sim {
    /// `gpioagg sim set NAME on|off`.
    struct SetLevel: Command {
        static let help = CommandHelp(
            name: "gpioagg sim set",
            abstract: "Set a simulated input on or off.",
            arguments: [inputArgument, ArgumentSpec("on|off", help: "on or off (true, false, 1 and 0 too).",
                                                   values: ["on", "off"])],
            options: simOptions
        )

        let name: String
        let level: Level
        let control: ControlOptions
        let wait: Bool

        init(parsing arguments: ParsedArguments) throws(UsageError) {
            name = arguments.positional(0) ?? ""
            level = try Level(argument: arguments.positional(1) ?? "")
            control = ControlOptions(arguments)
            wait = !arguments.flag("no-wait")
        }

        func run() throws {
            try GPIOAgg.Sim.send(name: name, action: .set(level == .on), control: control, wait: wait)
        }
    }

    /// A level word (`LevelWord`): `on`, `true`, `1`, `off`, `false`, `0`.
    enum Level {
        case on, off

        init(argument: String) throws(UsageError) {
            guard let level = LevelWord.level(of: argument) else {
                throw UsageError("'\(argument)' is not a level: " + (LevelWord.meaningHint(for: argument) ?? "write on or off"))
            }
            self = level ? .on : .off
        }
    }
}

import CommandParsing
import Service

extension GPIOAgg.Sim {
    /// `gpioagg sim toggle NAME`.
    struct Toggle: Command {
        static let help = CommandHelp(
            name: "gpioagg sim toggle",
            abstract: "Invert a simulated input.",
            arguments: [inputArgument],
            options: simOptions
        )

        let name: String
        let control: ControlOptions
        let wait: Bool

        init(parsing arguments: ParsedArguments) {
            name = arguments.positional(0) ?? ""
            control = ControlOptions(arguments)
            wait = !arguments.flag("no-wait")
        }

        func run() throws {
            try GPIOAgg.Sim.send(name: name, action: .toggle, control: control, wait: wait)
        }
    }
}

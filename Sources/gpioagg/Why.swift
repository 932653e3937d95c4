import CommandParsing
import Service

extension GPIOAgg {
    /// `gpioagg why NAME`: why an input, signal or output of the running daemon has its
    /// value.
    struct Why: Command {
        static let help = CommandHelp(
            name: "gpioagg why",
            abstract: "Explain the value of an input, signal or output of the running daemon.",
            discussion: """
                Prints the name with its value, how long it has had it and what is pending \
                (a delay, a click under way, a pulse, a max_on limit, an interlock's wait, \
                with the time left), then the same for everything it reads, indented, down \
                to the inputs.

                  $ gpioagg why light_relay
                  light_relay on: output on main GPIO8, follows light_on; on for 3m
                    light_on on: signal any: [motion], off_delay: 2m; on for 3m; off_delay: off in 1m12s
                      motion off: input on main GPIO17; off for 48s
                """,
            arguments: [ArgumentSpec("name", help: "An input, signal or output, as named in the config.")],
            options: ControlOptions.options
        )

        let name: String
        let control: ControlOptions

        init(parsing arguments: ParsedArguments) {
            name = arguments.positional(0) ?? ""
            control = ControlOptions(arguments)
        }

        func run() throws {
            guard case .explanation(let lines) = try control.send(.why(name: name)) else {
                throw control.invalidReply("no explanation in the reply to why")
            }
            for line in lines { print(line) }
        }
    }
}

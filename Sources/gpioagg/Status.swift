import CommandParsing
import Control
import Engine
import Service

extension GPIOAgg {
    /// `gpioagg status`: the running daemon's inputs, signals and outputs, and its clock.
    struct Status: Command {
        static let help = CommandHelp(
            name: "gpioagg status",
            abstract: "Show the level of every input, signal and output of the running daemon.",
            discussion: """
                Asks the daemon over its control socket. Levels are logical: on means \
                active, whatever the line's active-low setting. Numbers are shown at \
                their precision with their units. A config with times of day adds the \
                clock: its zone, whether it is synchronized and time signals follow it, \
                and today's sunrise and sunset where a place is set.
                """,
            options: ControlOptions.options + [
                .flag("json", help: "Print JSON: {\"inputs\": {NAME: VALUE}, \"signals\": {...}, \"outputs\": {...}}: "
                    + "a level true or false, a number rounded to its precision, unavailable null; "
                    + "then \"units\": {NAME: UNIT} and \"precision\": {NAME: PLACES} where numbers have them; "
                    + "with times of day, \"clock\": {\"zone\", \"synchronized\", \"trusted\", \"sunrise\", \"sunset\", ...}."),
            ]
        )

        let control: ControlOptions
        let json: Bool

        init(parsing arguments: ParsedArguments) {
            control = ControlOptions(arguments)
            json = arguments.flag("json")
        }

        func run() throws {
            guard case .status(let snapshot) = try control.send(.status) else {
                throw control.invalidReply("no levels in the reply to status")
            }
            print(json ? snapshot.json.serialized(.spaced) : snapshot.table)
        }
    }
}

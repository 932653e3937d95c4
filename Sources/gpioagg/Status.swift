import CommandParsing
import Engine
import Control

extension GPIOAgg {
    /// `gpioagg status`: the running daemon's inputs, signals and outputs.
    struct Status: Command {
        static let help = CommandHelp(
            name: "gpioagg status",
            abstract: "Show the level of every input, signal and output of the running daemon.",
            discussion: """
                Asks the daemon over its control socket. Levels are logical: on means \
                active, whatever the line's active-low setting.
                """,
            options: ControlOptions.options + [
                .flag("json", help: "Print JSON: {\"inputs\": {NAME: true|false}, \"signals\": {...}, \"outputs\": {...}}."),
            ]
        )

        let control: ControlOptions
        let json: Bool

        init(parsing arguments: ParsedArguments) {
            control = ControlOptions(arguments)
            json = arguments.flag("json")
        }

        func run() throws {
            let reply: ControlReply
            do throws(ControlError) {
                reply = try control.client.send(.status)
            } catch {
                throw exitReporting(error)
            }
            let snapshot: EngineSnapshot
            switch reply {
            case .status(let received):
                snapshot = received
            case .failure(let message):
                printError("gpioagg: error: \(message)")
                throw ExitCode(1)
            case .ok, .warning, .explanation:
                throw exitReporting(.invalidReply("no levels in the reply to status"))
            }
            print(json ? snapshot.json.serialized(.spaced) : snapshot.table)
        }
    }
}

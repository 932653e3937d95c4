import Clock
import CommandParsing
import Config
import GPIO
import Loop

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
                not have (GPIO40, BCM18, gpio17), or one line used under two names \
                (GPIO17 and PIN11), is reported here, with the file's other errors, \
                rather than when the daemon starts on the board. Chips the board does \
                not have (an expander) are taken as add-ons; their lines are checked on \
                the hardware.

                A config with a clock: section or times of day (between:, at:) also \
                shows the time zone, the place and the trust, when each window next \
                starts and ends and each at: next fires, by this machine's clock now, \
                and a warning when the place has days the sun does not rise or set.
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
            let place = board.map { "\(config) on the \($0.model) (\($0.name))" } ?? config
            let loaded: Configuration
            var resolution: BoardResolution?
            do throws(ConfigErrors) {
                // The board's errors come with the file's, in one report.
                loaded = try ConfigLoader.load(path: config, board: board)
                if let board { resolution = try loaded.resolved(on: board) }
            } catch {
                error.report(in: place)
                throw ExitCode(1)
            }
            let now = WallClock.now()
            let seconds = WallTime.seconds(now)
            var lines = ConfigSummary.lines(of: loaded, now: seconds)
            if let resolution { lines.insert(ConfigSummary.boardLine(resolution), at: 1) }
            for line in lines { print(line) }
            for line in ConfigSummary.warnings(of: loaded) { print(line) }
        }
    }
}

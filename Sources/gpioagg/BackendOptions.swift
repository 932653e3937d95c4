import CommandParsing
import GPIO
import GPIOLibgpiod
import GPIOSimulated
import LoopEmbedded

/// `--simulate` and `--board`, shared by every command that touches GPIO lines.
struct BackendOptions {
    static let options: [OptionSpec] = [
        .flag("simulate", help: "Use simulated GPIO chips instead of the kernel's (a Raspberry Pi 4 header: "
            + "gpiochip0, label pinctrl-bcm2711)."),
        .option("board", valueName: "name",
                help: "With --simulate, simulate this board's chips and line names exactly: \(BoardOption.names)."),
    ]

    let simulate: Bool
    /// The simulated board, under `simulate`.
    let board: BoardProfile?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        simulate = arguments.flag("simulate")
        board = try BoardOption.profile(arguments)
        if board != nil, !simulate {
            throw UsageError("--board chooses the board to simulate: add --simulate",
                             hint: "to check a config against a board, use 'gpioagg check --board \(board!.name)'")
        }
    }

    func makeBackend() -> any GPIOBackend {
        guard simulate else { return LibgpiodBackend() }
        if let board { return SimulatedBackend.board(board, clock: EmbeddedEventLoop()) }
        return SimulatedBackend.raspberryPi(clock: EmbeddedEventLoop())
    }
}

/// Prints an error the way every command does (message, then hint) and exits 1.
func exitReporting(message: String, hint: String) -> ExitCode {
    printError("gpioagg: error: \(message)")
    if !hint.isEmpty { printError("hint: \(hint)") }
    return ExitCode(1)
}

func exitReporting(_ error: GPIOError) -> ExitCode {
    exitReporting(message: error.message, hint: error.hint)
}

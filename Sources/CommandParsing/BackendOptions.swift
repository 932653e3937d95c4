import GPIO

/// `--simulate` and `--board`, shared by every command that touches GPIO lines. The
/// program makes the backend they choose (`simulate`: simulated chips, `board`'s when
/// given), since only it links the backends.
///
/// ```swift
/// let backend = try BackendOptions(arguments)
/// backend.simulate   // true for --simulate
/// ```
public struct BackendOptions {
    public static let options: [OptionSpec] = [
        .flag("simulate", help: "Use simulated GPIO chips instead of the kernel's (a Raspberry Pi 4 header: "
            + "gpiochip0, label pinctrl-bcm2711)."),
        .option("board", valueName: "name",
                help: "With --simulate, simulate this board's chips and line names exactly: \(BoardOption.names)."),
    ]

    public let simulate: Bool
    /// The simulated board, under `simulate`.
    public let board: BoardProfile?

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        simulate = arguments.flag("simulate")
        board = try BoardOption.profile(arguments)
        if let board, !simulate {
            throw UsageError("--board chooses the board to simulate: add --simulate",
                             hint: "to check a config against a board, use 'gpioagg check --board \(board.name)'")
        }
    }
}

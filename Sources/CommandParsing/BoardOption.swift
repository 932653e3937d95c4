import GPIO

/// `--board pi3|pi3plus|pi4|pi5|zero2`: a Raspberry Pi board's profile, for `check`
/// and for what `--simulate` simulates.
///
/// ```swift
/// try BoardOption.profile(arguments)?.name   // "pi5" for --board pi5, nil without it
/// ```
public enum BoardOption {
    public static var names: String { BoardProfile.all.map(\.name).joined(separator: ", ") }

    /// The profile `--board` names, nil when the option is absent; any other word is a
    /// usage error that suggests the nearest board.
    public static func profile(_ arguments: ParsedArguments) throws(UsageError) -> BoardProfile? {
        guard let name = arguments.value("board") else { return nil }
        if let profile = BoardProfile.named(name) { return profile }
        let boards = "boards: \(names)"
        let hint = UsageError.didYouMean(name, among: BoardProfile.all.map(\.name), list: boards)
        throw UsageError("unknown board '\(name)'", hint: hint)
    }
}

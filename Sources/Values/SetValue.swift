/// What `gpioagg set` and the control socket's `set` request tell a command input: a
/// command (`SetCommand`: on, off, toggle) for an input with a level, a decimal number
/// (`DecimalText`) for a numeric one. Whoever writes it need not know which the input
/// is: the daemon decides by the input.
///
/// `1` and `0` are both level words and numbers, so they are read as numbers here, and
/// `command` gives them back as on and off for an input with a level.
///
/// ```swift
/// SetValue("21.5")        // .number(21.5)
/// SetValue("toggle")      // .command(.toggle)
/// SetValue("1")           // .number(1): .command is .on, .number is 1
/// SetValue("yes")         // nil: LevelWord.meaningHint says what to write
/// ```
public enum SetValue: Hashable, Sendable {
    case command(SetCommand)
    case number(Double)

    public static let on = SetValue.command(.on)
    public static let off = SetValue.command(.off)
    public static let toggle = SetValue.command(.toggle)

    /// The value `text` writes: a decimal number, else a set command (any ASCII case);
    /// nil for anything else.
    public init?(_ text: String) {
        if let number = DecimalText.parse(text) {
            self = .number(number)
        } else if let command = SetCommand(text) {
            self = .command(command)
        } else {
            return nil
        }
    }

    /// What an input with a level does: the command, or for the numbers 1 and 0 (the
    /// level words `1` and `0`), on and off; nil for any other number.
    public var command: SetCommand? {
        switch self {
        case .command(let command): command
        case .number(1): .on
        case .number(0): .off
        case .number: nil
        }
    }

    /// The number for a numeric input; nil for a command.
    public var number: Double? {
        if case .number(let number) = self { return number }
        return nil
    }
}

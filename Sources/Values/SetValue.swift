/// What `gpioagg set` and the control socket's `set` request tell a command input or a
/// cover: a command (`SetCommand`: on, off, toggle) for an input with a level, a decimal
/// number (`DecimalText`) for a numeric one or a cover's position, a cover's word
/// (`open`, `close`, `stop`) for a cover. Whoever writes it need not know which the node
/// is: the daemon decides by the node.
///
/// `1` and `0` are both level words and numbers, so they are read as numbers here, and
/// `command` gives them back as on and off for an input with a level.
///
/// ```swift
/// SetValue("21.5")        // .number(21.5)
/// SetValue("toggle")      // .command(.toggle)
/// SetValue("1")           // .number(1): .command is .on, .number is 1
/// SetValue("open")        // .cover(.open); .coverCommand is .open
/// SetValue("40")          // .number(40); .coverCommand is .position(40)
/// SetValue("yes")         // nil: LevelWord.meaningHint says what to write
/// ```
public enum SetValue: Hashable, Sendable {
    case command(SetCommand)
    case number(Double)
    /// A cover's `open`, `close` or `stop` (a position is a `number`).
    case cover(CoverCommand)
    /// `auto`: an output with `override: true` follows what it follows again (`on` and
    /// `off` force it, as commands).
    case auto

    public static let on = SetValue.command(.on)
    public static let off = SetValue.command(.off)
    public static let toggle = SetValue.command(.toggle)

    /// The value `text` writes: a decimal number, else a set command, else a cover's word
    /// (any ASCII case); nil for anything else.
    public init?(_ text: String) {
        if let number = DecimalText.parse(text) {
            self = .number(number)
        } else if let command = SetCommand(text) {
            self = .command(command)
        } else if let command = CoverCommand.word(text) {
            self = .cover(command)
        } else if OverrideMode(text) == .auto {
            self = .auto
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
        case .number, .cover, .auto: nil
        }
    }

    /// What a cover does: its word, or a number from 0 to 100 as a position; nil for a
    /// level command or a number out of range.
    public var coverCommand: CoverCommand? {
        switch self {
        case .cover(let command): command
        case .number(let position) where CoverCommand.positions.contains(position): .position(position)
        case .number, .command, .auto: nil
        }
    }

    /// The text that makes this value again: what the control protocol and a message
    /// write.
    public var text: String {
        switch self {
        case .command(let command): command.rawValue
        case .number(let number): CoverCommand.position(number).text
        case .cover(let command): command.text
        case .auto: OverrideMode.auto.rawValue
        }
    }

    /// What an output with `override: true` is told: `auto`, or `on` and `off` (the level
    /// words, 1 and 0); nil for anything else.
    public var overrideMode: OverrideMode? {
        switch self {
        case .auto: .auto
        default: command.flatMap { $0 == .on ? .on : $0 == .off ? .off : nil }
        }
    }

    /// The number for a numeric input; nil for a command or a cover's word.
    public var number: Double? {
        if case .number(let number) = self { return number }
        return nil
    }
}

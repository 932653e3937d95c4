/// What a payload on a command input's `/set` topic asks for: `ON`, `OFF` or `TOGGLE`,
/// in any case, with spaces, tabs and line ends around it ignored. Home Assistant's
/// switch sends `ON` and `OFF` (its defaults, written out in every discovery config).
///
/// ```swift
/// CommandPayload("toggle")     // .toggle
/// CommandPayload("ON\r\n")     // .on
/// CommandPayload("1")          // nil: a command is a word, not a level
/// ```
public enum CommandPayload: Hashable, Sendable {
    case on, off, toggle

    /// The command `payload` spells, or nil.
    public init?(_ payload: String) {
        switch PayloadText.asciiLowercased(PayloadText.trimmed(payload)) {
        case "on": self = .on
        case "off": self = .off
        case "toggle": self = .toggle
        default: return nil
        }
    }
}

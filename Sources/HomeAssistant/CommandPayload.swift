import Values

/// What a payload on a command input's `/set` topic asks for: a level word (`ON`,
/// `true`, `1`; `OFF`, `false`, `0`: `LevelWord`) or `TOGGLE`, in any case, with
/// spaces, tabs and line ends around it ignored. Home Assistant's switch sends `ON` and
/// `OFF` (its defaults, written out in every discovery config).
///
/// A command input has no `payload_on`/`payload_off` of its own: those are a remote
/// input's, for a device whose words differ; what sends to `/set` is a person, a script
/// or Home Assistant, and they all speak the level words.
///
/// ```swift
/// CommandPayload("toggle")     // .toggle
/// CommandPayload("ON\r\n")     // .on
/// CommandPayload("1")          // .on
/// CommandPayload("yes")        // nil
/// ```
public enum CommandPayload: Hashable, Sendable {
    case on, off, toggle

    /// What a command may be, for a message: `ON, OFF, TOGGLE (or true, false, 1, 0)`.
    public static let words = "ON, OFF, TOGGLE (or " + LevelWord.all.filter { $0 != "on" && $0 != "off" }
        .joined(separator: ", ") + ")"

    /// The command `payload` spells, or nil.
    public init?(_ payload: String) {
        let text = PayloadText.trimmed(payload)
        if text.asciiLowercased == "toggle" {
            self = .toggle
            return
        }
        guard let level = LevelWord.level(of: text) else { return nil }
        self = level ? .on : .off
    }
}

/// What a command input is told to do, the same wherever a person or a device tells
/// it: `gpioagg set`, the control socket's `set` request, the line commands `on`, `off`
/// and `toggle`, and a payload on the input's MQTT `/set` topic. A level word
/// (`LevelWord`: `on`, `true`, `1`; `off`, `false`, `0`) or `toggle`, in any ASCII case.
///
/// The raw values (`on`, `off`, `toggle`) are the control protocol's words.
///
/// ```swift
/// SetCommand("TOGGLE")   // .toggle
/// SetCommand("1")        // .on
/// SetCommand("yes")      // nil: LevelWord.meaningHint says what to write
/// ```
public enum SetCommand: String, Hashable, Sendable, CaseIterable {
    case on, off, toggle

    /// The command `word` names, in any ASCII case; nil for any other word.
    public init?(_ word: String) {
        if word.asciiLowercased == Self.toggle.rawValue {
            self = .toggle
        } else if let level = LevelWord.level(of: word) {
            self = level ? .on : .off
        } else {
            return nil
        }
    }

    /// What a command may be, for a message: `ON, OFF, TOGGLE (or true, false, 1, 0)`.
    public static let words = "ON, OFF, TOGGLE (or " + LevelWord.all.filter { $0 != "on" && $0 != "off" }
        .joined(separator: ", ") + ")"
}

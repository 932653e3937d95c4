/// What a command input is told to do, the same wherever a person or a device tells
/// it: `gpioagg set`, the control socket's `set` request, the line commands `on`, `off`,
/// `toggle` and `press`, and a payload on the input's MQTT `/set` topic. A level word
/// (`LevelWord`: `on`, `true`, `1`; `off`, `false`, `0`) or `toggle` for an input with a
/// level, `press` for a momentary one (`command: press`), in any ASCII case.
///
/// The raw values (`on`, `off`, `toggle`, `press`) are the control protocol's words.
///
/// ```swift
/// SetCommand("TOGGLE")   // .toggle
/// SetCommand("1")        // .on
/// SetCommand("PRESS")    // .press
/// SetCommand("yes")      // nil: LevelWord.meaningHint says what to write
/// ```
public enum SetCommand: String, Hashable, Sendable, CaseIterable {
    case on, off, toggle
    /// A momentary input's activation: on and off in one instant, as a click.
    case press

    /// The command `word` names, in any ASCII case; nil for any other word.
    public init?(_ word: String) {
        let lowercased = word.asciiLowercased
        if lowercased == Self.toggle.rawValue {
            self = .toggle
        } else if lowercased == Self.press.rawValue {
            self = .press
        } else if let level = LevelWord.level(of: word) {
            self = level ? .on : .off
        } else {
            return nil
        }
    }

    /// What a command to an input with a level may be, for a message: `ON, OFF, TOGGLE
    /// (or true, false, 1, 0)`.
    public static let words = "ON, OFF, TOGGLE (or " + LevelWord.all.filter { $0 != "on" && $0 != "off" }
        .joined(separator: ", ") + ")"

    /// What a command to a momentary input may be, for a message.
    public static let pressWords = "PRESS"

    /// Whether an input that is momentary (`command: press`) or not takes this command:
    /// a momentary one only `press`, one with a level everything else.
    ///
    /// ```swift
    /// SetCommand.press.applies(toMomentary: true)    // true
    /// SetCommand.on.applies(toMomentary: true)       // false
    /// ```
    public func applies(toMomentary momentary: Bool) -> Bool {
        (self == .press) == momentary
    }

    /// What the input takes, for the message refusing a command it does not:
    /// `'gate_open' is pressed: write press` or `'light' is on or off: write on, off or toggle`.
    public static func takes(momentary: Bool, name: String) -> String {
        momentary ? "'\(name)' is pressed (command: press): write press"
            : "'\(name)' is on or off: write on, off or toggle"
    }
}

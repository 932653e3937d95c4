/// What an output with `override: true` is told by hand: `auto` follows what it follows,
/// `on` and `off` hold it there until someone chooses again. The raw values are the words
/// `gpioagg set`, the line commands, test files and Home Assistant's select use.
///
/// ```swift
/// OverrideMode("AUTO")   // .auto
/// OverrideMode("on")     // .on
/// ```
public enum OverrideMode: String, Hashable, Sendable, CaseIterable {
    case auto, on, off

    /// The mode `word` names, in any ASCII case; nil for any other word.
    public init?(_ word: String) {
        self.init(rawValue: word.asciiLowercased)
    }

    /// `auto, on or off`, for messages.
    public static let words = "auto, on or off"

    /// The level it forces; nil for `auto`.
    public var forcedLevel: Bool? {
        switch self {
        case .auto: nil
        case .on: true
        case .off: false
        }
    }
}

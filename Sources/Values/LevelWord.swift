/// The words for a level, the same wherever a person or a device writes one: a config
/// file's `initial:`, `safe:`, `persist:` and `fallback:`, a test file's `set:` and
/// `expect:`, `gpioagg sim set`, `gpioagg set`, the line command `set`, a command
/// input's `/set` payload and a remote input's payload.
///
/// `on`, `true` and `1` mean on; `off`, `false` and `0` mean off; in any ASCII case
/// (`ON` is what Home Assistant sends). Other words people use for a level (`yes`,
/// `no`, `high`, `low`, `enabled`...) are not levels: YAML 1.1 and YAML 1.2 disagree on
/// `yes` and `no`, and `high`/`low` say nothing of `active: low`. A reader refuses them
/// with a hint by meaning (`meaningHint`), never by spelling: on `safe:`, "did you
/// mean 'on'?" for `no` would be the opposite of what was meant.
///
/// ```swift
/// LevelWord.level(of: "TRUE")     // true
/// LevelWord.level(of: "0")        // false
/// LevelWord.level(of: "no")       // nil
/// LevelWord.meaning(of: "no")     // false
/// LevelWord.meaningHint(for: "no", key: "safe:")   // "'no' means off: write safe: off"
/// LevelWord.word(for: true)       // "on"
/// ```
public enum LevelWord {
    /// The words for on, lowercase.
    public static let on = ["on", "true", "1"]
    /// The words for off, lowercase.
    public static let off = ["off", "false", "0"]
    /// Every level word, for "did you mean" by spelling and for messages.
    public static let all = ["on", "off", "true", "false", "1", "0"]
    /// `on, off, true, false, 1, 0`: the list messages give.
    public static let listed = all.joined(separator: ", ")

    /// The word a level is shown with wherever gpioagg writes one (`status`, `why`, the
    /// log, payloads, the state file): `on` or `off`.
    public static func word(for level: Bool) -> String {
        level ? on[0] : off[0]
    }

    /// The level of a word `word(for:)` wrote: exactly `on` or `off`, nil for any other
    /// word or case. For what gpioagg reads back of its own, such as the state file,
    /// where any other spelling means the file was changed or damaged.
    public static func level(ofShown word: String) -> Bool? {
        switch word {
        case on[0]: true
        case off[0]: false
        default: nil
        }
    }

    /// The level `word` names (`true` is on), in any ASCII case; nil for any other word.
    public static func level(of word: String) -> Bool? {
        let folded = word.asciiLowercased
        if on.contains(folded) { return true }
        if off.contains(folded) { return false }
        return nil
    }

    /// What a word people write for a level means, whatever its case: the level words
    /// and the synonyms they are refused in favour of; nil for any other word.
    public static func meaning(of word: String) -> Bool? {
        if let level = level(of: word) { return level }
        let folded = word.asciiLowercased
        if onSynonyms.contains(folded) { return true }
        if offSynonyms.contains(folded) { return false }
        return nil
    }

    /// "'no' means off: write safe: off" for a synonym of a level; nil for a level word
    /// or a word that means no level. `key` is what comes before the level in the
    /// answer (`safe:`, `gpioagg sim set switch1`), empty for the level alone.
    public static func meaningHint(for word: String, key: String = "") -> String? {
        guard level(of: word) == nil, let meaning = meaning(of: word) else { return nil }
        let level = Self.word(for: meaning)
        return "'\(word)' means \(level): write " + (key.isEmpty ? level : "\(key) \(level)")
    }

    /// Words for a level that are not level words.
    static let onSynonyms = ["yes", "y", "high", "hi", "enable", "enabled", "active"]
    static let offSynonyms = ["no", "n", "low", "lo", "disable", "disabled", "inactive"]
}

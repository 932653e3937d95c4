import Values
import GPIO

extension LevelWord {
    /// The hint for `word` where a level goes, after `key` (`safe:`): the level word of
    /// its meaning when it has one (`no`: "'no' means off: write safe: off"), else the
    /// nearest level words by spelling, but only when they all mean the same level
    /// (`tru`: "did you mean 'true'?"; `of` is as near to `on` as to `off`, and `2` to
    /// `1` as to `0`: no guess there), then the list. Used by the config file and by
    /// test files.
    public static func hint(for word: String, key: String) -> String {
        let list = "a level is one of \(listed)"
        if let meaning = meaningHint(for: word, key: key) { return "\(meaning) (\(list))" }
        let close = NearestNames.nearest(to: word, among: all)
        let levels = Set(close.compactMap { level(of: $0) })
        guard levels.count == 1 else { return list }
        return NameSuggestions.didYouMean(close, list: list) ?? list
    }
}

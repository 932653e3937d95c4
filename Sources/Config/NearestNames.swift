import GPIO

/// "Did you mean" for keys and values in a config file: a short, fixed list of words.
/// Names the file declares are `KnownNames`. Public for the other files that name what a
/// config declares (`gpioagg test` files).
public enum NearestNames {
    /// Up to `limit` candidates closest to `name` by edit distance (ignoring case), but
    /// only those close enough to be a plausible typo; empty when none is. Stable on
    /// ties, so that suggestions come in the order the caller gave.
    public static func nearest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        NameSuggestions.closeNames(to: name, among: candidates, limit: limit)
    }

    /// `did you mean 'x'?`, `did you mean 'x' or 'y'?`, or nil when nothing is close.
    public static func didYouMean(_ name: String, among candidates: [String]) -> String? {
        NameSuggestions.didYouMean(name, among: candidates)
    }

    /// `did you mean 'x' or 'y'?` for these names, nil for none.
    public static func phrase(_ close: [String]) -> String? {
        NameSuggestions.phrase(close)
    }
}

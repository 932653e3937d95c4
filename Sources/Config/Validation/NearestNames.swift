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

    /// `did you mean 'x'?`, `did you mean 'x' or 'y'?` (`NameSuggestions.didYouMean`), or
    /// nil when nothing is close.
    public static func didYouMean(_ name: String, among candidates: [String]) -> String? {
        NameSuggestions.didYouMean(nearest(to: name, among: candidates))
    }

    /// The suggestion with `list` in brackets, or `list` alone when nothing is close.
    public static func didYouMean(_ name: String, among candidates: [String], list: String) -> String {
        NameSuggestions.didYouMean(nearest(to: name, among: candidates), list: list) ?? list
    }
}

import GPIO

/// "Did you mean" for keys, names and values in a config file.
enum NearestNames {
    /// Up to `limit` candidates closest to `name` by edit distance (ignoring case), but
    /// only those close enough to be a plausible typo; empty when none is.
    static func nearest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        // Stable on ties, so that suggestions come in the order the caller gave.
        let threshold = NameSuggestions.typoThreshold(for: name)
        return NameSuggestions.distances(from: name, to: candidates).enumerated()
            .filter { $0.element.distance <= threshold }
            .sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .prefix(limit)
            .map(\.element.name)
    }

    /// `did you mean 'x'?`, `did you mean 'x' or 'y'?`, or nil when nothing is close.
    static func didYouMean(_ name: String, among candidates: [String]) -> String? {
        let close = nearest(to: name, among: candidates)
        guard !close.isEmpty else { return nil }
        return "did you mean " + close.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
}

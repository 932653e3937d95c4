/// "Did you mean" for keys, names and values in a config file.
enum NearestNames {
    /// Up to `limit` candidates closest to `name` by edit distance (ignoring case), but
    /// only those close enough to be a plausible typo; empty when none is.
    static func nearest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(name.lowercased().unicodeScalars)
        var scored: [(distance: Int, name: String)] = []
        var seen = Set<String>()
        for candidate in candidates where !candidate.isEmpty && seen.insert(candidate).inserted {
            scored.append((editDistance(target, Array(candidate.lowercased().unicodeScalars)), candidate))
        }
        // Stable on ties, so that suggestions come in the order the caller gave.
        let threshold = max(2, target.count / 3)
        return scored.enumerated()
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

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

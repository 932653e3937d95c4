/// "Did you mean" for line, chip, key and value names.
public enum NameSuggestions {
    /// Each distinct, non-empty candidate with its edit distance to `name`, both
    /// lowercased, in the order the caller gave them.
    public static func distances(from name: String,
                                 to candidates: [String]) -> [(distance: Int, name: String)] {
        let target = Array(name.lowercased().unicodeScalars)
        var scored: [(distance: Int, name: String)] = []
        var seen = Set<String>()
        for candidate in candidates where !candidate.isEmpty && seen.insert(candidate).inserted {
            scored.append((editDistance(target, Array(candidate.lowercased().unicodeScalars)), candidate))
        }
        return scored
    }

    /// The largest edit distance that still reads as a typo of `name`.
    public static func typoThreshold(for name: String) -> Int {
        max(2, name.lowercased().unicodeScalars.count / 3)
    }

    /// Up to `limit` names closest to `name` by edit distance, ignoring case; only names
    /// close enough to be a plausible typo, unless nothing is (then the closest few).
    static func nearest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        var scored = distances(from: name, to: candidates)
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        let threshold = typoThreshold(for: name)
        let close = scored.prefix { $0.distance <= threshold }
        return (close.isEmpty ? scored.prefix(limit) : close.prefix(limit)).map(\.name)
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

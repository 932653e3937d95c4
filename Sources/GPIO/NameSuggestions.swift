/// "Did you mean" for line and chip names.
enum NameSuggestions {
    /// Up to `limit` names closest to `name` by edit distance, ignoring case; only names
    /// close enough to be a plausible typo, unless nothing is (then the closest few).
    static func nearest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(name.lowercased().unicodeScalars)
        var scored: [(distance: Int, name: String)] = []
        var seen = Set<String>()
        for candidate in candidates where !candidate.isEmpty && seen.insert(candidate).inserted {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            scored.append((distance, candidate))
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        let threshold = max(2, target.count / 3)
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

/// "Did you mean" for line, chip, key and value names.
///
/// Only names within a typo of the unknown one are worth suggesting, so the distance is
/// computed in a band around the diagonal and abandoned as soon as it exceeds that
/// threshold: comparing a name with a candidate costs at most its length times
/// (2 × threshold + 1), and a candidate whose length differs by more than the threshold
/// costs nothing.
///
/// ```swift
/// NameSuggestions.closeNames(to: "switch", among: ["switch1", "switch2", "led"])
///                                                  // ["switch1", "switch2"]
/// ```
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

    /// Up to `limit` distinct, non-empty candidates within `typoThreshold(for: name)` of
    /// `name`, ignoring case: closest first, equals in the order the caller gave them.
    public static func closeNames(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(name.lowercased().unicodeScalars)
        let threshold = typoThreshold(for: name)
        var close = CloseNames(limit: limit, threshold: threshold)
        var seen = Set<String>()
        for (offset, candidate) in candidates.enumerated() where !candidate.isEmpty && seen.insert(candidate).inserted {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            if let distance = boundedEditDistance(target, scalars, limit: close.bound) {
                close.offer(distance: distance, offset: offset, name: candidate)
            }
        }
        return close.names
    }

    /// Up to `limit` names closest to `name` by edit distance, ignoring case, equals in
    /// alphabetical order; only names close enough to be a plausible typo, unless nothing
    /// is (then the closest few).
    public static func nearest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(name.lowercased().unicodeScalars)
        let threshold = typoThreshold(for: name)
        var close: [(distance: Int, name: String)] = []
        var seen = Set<String>()
        for candidate in candidates where !candidate.isEmpty && seen.insert(candidate).inserted {
            if let distance = boundedEditDistance(target, Array(candidate.lowercased().unicodeScalars),
                                                  limit: threshold) {
                close.append((distance, candidate))
            }
        }
        // Nothing within a typo: a chip's few line names, each measured in full.
        var scored = close.isEmpty ? distances(from: name, to: candidates) : close
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return scored.prefix(limit).map(\.name)
    }

    /// `did you mean 'x'?`, `did you mean 'x' or 'y'?` for the candidates within a typo
    /// of `name` (`closeNames`), or nil when none is.
    public static func didYouMean(_ name: String, among candidates: [String]) -> String? {
        didYouMean(closeNames(to: name, among: candidates))
    }

    /// The edit distance between `a` and `b` if it is at most `limit`, else nil.
    ///
    /// Only the cells within `limit` of the diagonal are computed (any path through
    /// another cell costs more than `limit`), and the computation stops at the first row
    /// whose every cell exceeds `limit`. `cells` counts the cells computed.
    public static func boundedEditDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int,
                                           cells: inout Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Outside the band a cell holds `limit + 1`: more than any answer we keep.
        let beyond = limit + 1
        var previous = [Int](repeating: beyond, count: b.count + 1)
        var current = previous
        for j in 0...min(b.count, limit) { previous[j] = j }
        for i in 1...a.count {
            let low = max(1, i - limit)
            let high = min(b.count, i + limit)
            current[low - 1] = low == 1 && i <= limit ? i : beyond
            var rowMinimum = current[low - 1]
            for j in low...high {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                let value = min(previous[j] + 1, current[j - 1] + 1, substitution, beyond)
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            cells += high - low + 1
            if high < b.count { current[high + 1] = beyond }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        let distance = previous[b.count]
        return distance <= limit ? distance : nil
    }

    /// `boundedEditDistance(_:_:limit:cells:)`, without the count.
    public static func boundedEditDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        var cells = 0
        return boundedEditDistance(a, b, limit: limit, cells: &cells)
    }

    /// The full Levenshtein distance: every cell of the table.
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
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

    /// The best few candidates so far, closest first, equals by the caller's order; once
    /// it holds `limit` of them, `bound` tightens to the worst one's distance.
    public struct CloseNames {
        public let limit: Int
        public let threshold: Int
        private var kept: [(distance: Int, offset: Int, name: String)] = []

        public init(limit: Int, threshold: Int) {
            self.limit = limit
            self.threshold = threshold
        }

        /// The largest distance a new candidate can have and still be kept.
        public var bound: Int {
            kept.count < limit ? threshold : kept[kept.count - 1].distance
        }

        public var names: [String] { kept.map(\.name) }

        public mutating func offer(distance: Int, offset: Int, name: String) {
            guard limit > 0, distance <= bound else { return }
            let position = kept.firstIndex { ($0.distance, $0.offset) > (distance, offset) } ?? kept.count
            guard position < limit else { return }
            kept.insert((distance, offset, name), at: position)
            if kept.count > limit { kept.removeLast() }
        }
    }
}

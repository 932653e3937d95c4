import Engine

/// The latest changes of each name, kept while a scenario runs, for the lines under a
/// failed expectation. Bounded: at most `depth` changes per name, however long the
/// scenario.
struct ChangeHistory {
    struct Entry {
        /// Orders changes of different names that share an instant.
        var sequence: Int
        var change: EngineChange
    }

    let depth: Int
    private var byName: [String: [Entry]] = [:]
    private var sequence = 0

    init(depth: Int) {
        self.depth = depth
    }

    mutating func record(_ change: EngineChange) {
        sequence += 1
        var entries = byName[change.name, default: []]
        entries.append(Entry(sequence: sequence, change: change))
        if entries.count > depth { entries.removeFirst(entries.count - depth) }
        byName[change.name] = entries
    }

    /// The latest `depth` changes of any of `names`, oldest first.
    func latest(of names: [String]) -> [EngineChange] {
        let merged = Set(names).flatMap { byName[$0] ?? [] }.sorted { $0.sequence < $1.sequence }
        return merged.suffix(depth).map(\.change)
    }
}

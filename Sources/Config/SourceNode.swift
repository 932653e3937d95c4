/// A YAML node as read from the file, with where it was written: the validator works on
/// this, never on Yams' nodes, so that duplicate keys, placeholders and nodes already
/// reported are dealt with once, while reading.
struct SourceNode: Sendable {
    enum Content: Sendable {
        /// A string as written (quotes removed). `quoted` is false for plain scalars.
        case scalar(String, quoted: Bool)
        /// An empty value, `~` or `null`.
        case null
        case sequence([SourceNode])
        /// Keys are unique: later duplicates were reported and dropped.
        case mapping([Entry])
        /// Something already reported (an anchor, a key that is not a name); readers skip
        /// it without a second error.
        case reported
    }

    /// One `key: value` of a mapping.
    struct Entry: Sendable {
        var key: String
        var keyLocation: SourceLocation
        var value: SourceNode
    }

    var content: Content
    var location: SourceLocation

    /// How an error message names what was found instead of what was expected.
    var kindDescription: String {
        switch content {
        case .scalar(let text, _): return "'\(text)'"
        case .null: return "nothing"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .reported: return "a value"
        }
    }

    var isReported: Bool {
        if case .reported = content { return true }
        return false
    }

    var isNull: Bool {
        if case .null = content { return true }
        return false
    }
}

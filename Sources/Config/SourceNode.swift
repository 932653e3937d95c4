/// A YAML node as read from the file, with where it was written: the validator works on
/// this, never on libyaml's events, so that duplicate keys, anchors and nodes already
/// reported are dealt with once, while reading (`SourceDocument`). Public for the other
/// YAML files gpioagg reads with the same rules (`ConfigLoader.loadDocument`).
public struct SourceNode: Sendable {
    public enum Content: Sendable {
        /// A string as written (quotes removed, escapes and folding resolved). `quoted`
        /// is false for plain scalars only: quoted ('...', "...") and block (`|`, `>`)
        /// scalars are strings whatever they spell, e.g. `line: '-5'` names a line.
        case scalar(String, quoted: Bool)
        /// An empty plain value, `~` or `null` (`Null`, `NULL`); never a quoted one.
        case null
        case sequence([SourceNode])
        /// Keys are unique: later duplicates were reported and dropped.
        case mapping([Entry])
        /// Something already reported (past the node limit, a key that is not a name);
        /// readers skip it without a second error.
        case reported
    }

    /// One `key: value` of a mapping.
    public struct Entry: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: SourceNode
    }

    public var content: Content
    public var location: SourceLocation

    /// How an error message names what was found instead of what was expected.
    public var kindDescription: String {
        switch content {
        case .scalar(let text, _): return "'\(text)'"
        case .null: return "nothing"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .reported: return "a value"
        }
    }

    /// The text of a scalar, nil for anything else.
    public var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    public var isReported: Bool {
        if case .reported = content { return true }
        return false
    }
}

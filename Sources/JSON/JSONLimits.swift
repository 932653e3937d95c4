/// How much the JSON parser accepts, so that a hostile or broken client cannot make the
/// daemon recurse deeply, allocate without bound or build absurd numbers.
///
/// ```swift
/// let limits = JSONLimits(maxBytes: 1 << 20)
/// ```
public struct JSONLimits: Hashable, Sendable {
    /// The largest document, in bytes.
    public var maxBytes: Int
    /// The deepest nesting of arrays and objects (a bare scalar is depth 0).
    public var maxDepth: Int
    /// The longest number literal, in characters.
    public var maxNumberLength: Int

    public init(maxBytes: Int = 64 * 1024, maxDepth: Int = 32, maxNumberLength: Int = 32) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNumberLength = maxNumberLength
    }
}

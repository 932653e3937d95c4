/// What a chain sends when the loop's clock reaches its deadline: the values, in order
/// (several filters may be due at once), and the next deadline to arm, or nil.
public struct FilterChainFiring: Hashable, Sendable {
    public var sent: [Double?]
    public var deadline: UInt64?

    public init(sent: [Double?], deadline: UInt64?) {
        self.sent = sent
        self.deadline = deadline
    }
}

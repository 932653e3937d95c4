/// A filter's answer to a value or a deadline: what to send on, and the deadline to arm
/// next on the loop's clock (nanoseconds), or nil when nothing is pending and the loop
/// need not wake up for it.
public struct FilterOutput: Hashable, Sendable {
    public var emission: FilterEmission
    public var deadline: UInt64?

    public init(_ emission: FilterEmission, deadline: UInt64? = nil) {
        self.emission = emission
        self.deadline = deadline
    }
}

/// A counter's `period:` as kept across a restart: when the period its kept total counts
/// began (seconds since 1970, UTC) and the total of the period before, if one ended.
///
/// ```swift
/// let today = KeptPeriod(start: 1_781_992_800, last: 1.2)
/// today == KeptPeriod(start: 1_781_992_800, last: 1.2)    // true
/// ```
public struct KeptPeriod: Hashable, Sendable {
    public var start: Int64
    public var last: Double?

    public init(start: Int64, last: Double?) {
        self.start = start
        self.last = last
    }
}

/// Whether the broker's drops look like another client using the same id: brokers drop
/// the older of two connections with one id, and two such clients then take turns. The
/// sign is connections dropped within a few seconds of being accepted: three within a
/// minute make the suspicion (and the count starts again).
///
/// ```swift
/// var suspicion = DuplicateClientIDSuspicion()
/// suspicion.connectionDropped(acceptedAt: t, now: t + 1_000_000_000)   // false, false, then true
/// ```
public struct DuplicateClientIDSuspicion: Hashable, Sendable {
    /// A connection dropped sooner than this after its CONNACK is short-lived.
    public static let shortLived: UInt64 = 5_000_000_000
    public static let window: UInt64 = 60_000_000_000
    public static let threshold = 3

    private var drops: [UInt64] = []

    public init() {}

    /// A connection accepted at `acceptedAt` was dropped at `now` (nanoseconds): true when
    /// that makes `threshold` short-lived connections within `window`.
    public mutating func connectionDropped(acceptedAt: UInt64, now: UInt64) -> Bool {
        guard now &- acceptedAt < Self.shortLived else { return false }
        drops.removeAll { now &- $0 > Self.window }
        drops.append(now)
        guard drops.count >= Self.threshold else { return false }
        drops = []
        return true
    }
}

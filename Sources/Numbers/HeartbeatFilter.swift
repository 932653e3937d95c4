/// `heartbeat: D`: values pass at once, and the last one is sent again every D after the
/// last send, so that a reading that does not change still shows the sensor is there.
///
/// This is ESPHome's `heartbeat` with `optimistic: true` (without it, ESPHome holds every
/// value back to the next beat). One difference: ESPHome beats on a fixed interval,
/// while here the period starts again from each send, so a fresh value is never followed
/// by a repeat sooner than D; with steady values the two are the same.
///
/// Unavailable passes at once and stops the repeats until the next number: there is no
/// value to repeat, and no wake-up is armed for nothing.
///
/// ```swift
/// var heartbeat = try HeartbeatFilter(period: 10)
/// heartbeat.receive(21, at: 0)      // 21, deadline 10
/// heartbeat.deadlineFired(at: 10)   // 21, deadline 20
/// ```
public struct HeartbeatFilter: NumberFilterStage {
    /// D, in nanoseconds.
    public let period: UInt64
    private var last: Double?
    public private(set) var deadline: UInt64?

    /// Throws when `period` is 0.
    public init(period: UInt64) throws(NumbersError) {
        guard period > 0 else { throw .zeroDuration("heartbeat") }
        self.period = period
    }

    public mutating func receive(_ value: Double?, at now: UInt64) -> FilterOutput {
        last = value
        deadline = value == nil ? nil : now.advanced(by: period)
        return FilterOutput(.value(value), deadline: deadline)
    }

    public mutating func deadlineFired(at now: UInt64) -> FilterOutput {
        guard let deadline, now >= deadline else { return FilterOutput(.nothing, deadline: deadline) }
        return receive(last, at: now)
    }
}

/// `throttle: D`: a value passes only if D has passed since the last value that passed
/// (the first passes); the others are dropped, not delayed. ESPHome's `throttle`.
///
/// Unavailable always passes, at once, as with ESPHome's `throttle_with_priority` and
/// its default priority value `nan`: that a sensor is gone is news that must not wait.
/// The next number after it passes at once too, so that the value coming back is not
/// held back either.
///
/// ```swift
/// var throttle = try ThrottleFilter(interval: 10)
/// throttle.receive(1, at: 0)    // 1
/// throttle.receive(2, at: 9)    // nothing
/// throttle.receive(3, at: 10)   // 3
/// ```
public struct ThrottleFilter: NumberFilterStage {
    /// D, in nanoseconds.
    public let interval: UInt64
    /// When the last value passed; nil before the first and after unavailable.
    private var lastPassed: UInt64?

    /// Throws when `interval` is 0.
    public init(interval: UInt64) throws(NumbersError) {
        guard interval > 0 else { throw .zeroDuration("throttle") }
        self.interval = interval
    }

    public mutating func receive(_ value: Double?, at now: UInt64) -> FilterOutput {
        guard value != nil else {
            lastPassed = nil
            return FilterOutput(.value(nil))
        }
        if let lastPassed, now.elapsed(since: lastPassed) < interval {
            return FilterOutput(.nothing)
        }
        lastPassed = now
        return FilterOutput(.value(value))
    }
}

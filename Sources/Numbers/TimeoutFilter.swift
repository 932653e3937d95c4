/// `timeout: D`: values pass at once; when D passes without a new value, unavailable is
/// sent, once. Each value starts D again. ESPHome's `timeout`, which sends `NaN` (or its
/// `value:`); gpioagg sends unavailable, what a number without a value is here.
///
/// Unavailable passes at once and disarms the timeout: it is already what the timeout
/// would send.
///
/// ```swift
/// var timeout = try TimeoutFilter(timeout: 10)
/// timeout.receive(21, at: 0)      // 21, deadline 10
/// timeout.receive(22, at: 5)      // 22, deadline 15
/// timeout.deadlineFired(at: 15)   // unavailable, no deadline
/// ```
public struct TimeoutFilter: NumberFilterStage {
    /// D, in nanoseconds.
    public let timeout: UInt64
    public private(set) var deadline: UInt64?

    /// Throws when `timeout` is 0.
    public init(timeout: UInt64) throws(NumbersError) {
        guard timeout > 0 else { throw .zeroDuration("timeout") }
        self.timeout = timeout
    }

    public mutating func receive(_ value: Double?, at now: UInt64) -> FilterOutput {
        deadline = value == nil ? nil : now.advanced(by: timeout)
        return FilterOutput(.value(value), deadline: deadline)
    }

    public mutating func deadlineFired(at now: UInt64) -> FilterOutput {
        guard let deadline, now >= deadline else { return FilterOutput(.nothing, deadline: deadline) }
        self.deadline = nil
        return FilterOutput(.value(nil))
    }
}

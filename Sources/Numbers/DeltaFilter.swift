/// `delta: X`: a value passes only when it differs by at least X from the last value that
/// passed; the first always passes. ESPHome's `delta` with an absolute X (ESPHome also
/// takes a percentage, which gpioagg does not).
///
/// Unavailable passes when the last value that passed was a number (the change from a
/// number to none is the largest there is), and not again while it stays unavailable;
/// the first number after it passes whatever its value.
///
/// ```swift
/// var delta = try DeltaFilter(0.5)
/// delta.receive(21, at: 0)     // 21
/// delta.receive(21.3, at: 1)   // nothing: 0.3 from 21
/// delta.receive(21.5, at: 2)   // 21.5: 0.5 from 21
/// ```
public struct DeltaFilter: NumberFilterStage {
    public let delta: Double
    /// The last value that passed: nil before the first, .some(nil) after unavailable.
    private var lastPassed: Double??

    /// Throws when `delta` is negative or not a finite number.
    public init(_ delta: Double) throws(NumbersError) {
        guard delta.isFinite, delta >= 0 else { throw .negativeDelta(delta) }
        self.delta = delta
    }

    public mutating func receive(_ value: Double?, at now: UInt64) -> FilterOutput {
        let passes = switch (lastPassed, value) {
        case (nil, _): true
        case (let last??, let value?): abs(value - last) >= delta
        case (.some(nil), nil): false
        default: true
        }
        guard passes else { return FilterOutput(.nothing) }
        lastPassed = .some(value)
        return FilterOutput(.value(value))
    }
}

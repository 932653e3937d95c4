/// `exponential_moving_average: ALPHA`: each value out is `ALPHA × value + (1 − ALPHA) ×
/// the value out before`; the first value is taken as is. ALPHA is above 0 and at most
/// 1: 1 passes every value unchanged, a small ALPHA smooths more.
///
/// ESPHome's `exponential_moving_average` sends one value every 15 by default
/// (`send_every`); gpioagg sends each, for the reason `MovingAverageFilter` gives.
///
/// Unavailable passes through and resets the average: the first value after a gap is
/// taken as is again, rather than dragged towards a reading from before it.
///
/// ```swift
/// var average = try ExponentialMovingAverageFilter(alpha: 0.5)
/// average.receive(20, at: 0)   // 20
/// average.receive(22, at: 1)   // 21
/// ```
public struct ExponentialMovingAverageFilter: NumberFilterStage {
    public let alpha: Double
    private var average: Double?

    /// Throws unless 0 < `alpha` ≤ 1.
    public init(alpha: Double) throws(NumbersError) {
        guard alpha > 0, alpha <= 1 else { throw .alpha(alpha) }
        self.alpha = alpha
    }

    public mutating func receive(_ value: Double?, at now: UInt64) -> FilterOutput {
        average = value.map { value in
            guard let before = average else { return value }
            // Between the value and the average before: held there, so that rounding
            // next to the largest Double never makes it infinite.
            let next = alpha * value + (1 - alpha) * before
            return Swift.min(Swift.max(next, Swift.min(value, before)), Swift.max(value, before))
        }
        return FilterOutput(.value(average))
    }
}

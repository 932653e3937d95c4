/// A filter that turns each number into one number, with no memory and no time:
/// `offset`, `multiply`, `calibrate_linear`, `clamp`. Unavailable passes through: there
/// is nothing to correct.
public protocol PointwiseFilter: NumberFilterStage {
    func apply(_ value: Double) -> Double

    /// What `apply` computes from `value`, in numbers (`1.7e308 × 10`): what an overflow
    /// says when the result is not a finite number.
    func computation(of value: Double) -> String
}

extension PointwiseFilter {
    public mutating func receive(_ value: Double?, at now: UInt64) -> FilterOutput {
        FilterOutput(.value(value.map(apply)))
    }
}

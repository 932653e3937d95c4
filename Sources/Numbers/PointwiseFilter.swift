/// A filter that turns each number into one number, with no memory and no time:
/// `offset`, `multiply`, `calibrate_linear`, `clamp`. Unavailable passes through: there
/// is nothing to correct.
public protocol PointwiseFilter: NumberFilterStage {
    func apply(_ value: Double) -> Double
}

extension PointwiseFilter {
    public mutating func receive(_ value: Double?, at now: UInt64) -> FilterOutput {
        FilterOutput(.value(value.map(apply)))
    }
}

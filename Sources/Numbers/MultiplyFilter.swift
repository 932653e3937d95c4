import Values

/// `multiply: X`: multiplies each value by X, as ESPHome's `multiply`.
///
/// ```swift
/// try MultiplyFilter(0.001).apply(2500)   // 2.5
/// ```
public struct MultiplyFilter: PointwiseFilter {
    public let factor: Double

    public init(_ factor: Double) throws(NumbersError) {
        guard factor.isFinite else { throw .notFinite("multiply", factor) }
        self.factor = factor
    }

    public func apply(_ value: Double) -> Double { value * factor }

    public func computation(of value: Double) -> String {
        DecimalText.shortest(value) + " × " + DecimalText.shortest(factor)
    }
}

import Values

/// `offset: X`: adds X to each value, as ESPHome's `offset`.
///
/// ```swift
/// try OffsetFilter(-0.4).apply(21.9)   // 21.5
/// ```
public struct OffsetFilter: PointwiseFilter {
    public let offset: Double

    public init(_ offset: Double) throws(NumbersError) {
        guard offset.isFinite else { throw .notFinite("offset", offset) }
        self.offset = offset
    }

    public func apply(_ value: Double) -> Double { value + offset }

    public func computation(of value: Double) -> String {
        DecimalText.shortest(value) + " + " + DecimalText.shortest(offset)
    }
}

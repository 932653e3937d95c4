import Values

extension NodeValue {
    /// A number from this module (an aggregate, a filter chain's output; nil: unavailable)
    /// as a node's value in the node's unit: where `Double?` meets the value the engine
    /// carries. What is not a finite number is unavailable: nothing shows `inf` or `nan`
    /// as a value.
    ///
    /// ```swift
    /// NodeValue(reading: Aggregate.mean.value(of: [20, 22]), unit: "°C")   // .number(21, "°C")
    /// NodeValue(reading: nil, unit: "°C")                                  // .unavailable
    /// NodeValue(reading: .infinity, unit: "°C")                            // .unavailable
    /// ```
    public init(reading: Double?, unit: MeasurementUnit) {
        self = reading.flatMap { $0.isFinite ? .number($0, unit) : nil } ?? .unavailable
    }
}

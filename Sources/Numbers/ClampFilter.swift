import Values

/// `clamp: { min, max }`: a value below `min` becomes `min`, above `max` becomes `max`;
/// either may be absent. As ESPHome's `clamp` without `ignore_out_of_range`, which
/// gpioagg does not have (a `delta` or a threshold downstream is the place to ignore).
///
/// ```swift
/// try ClampFilter(min: 0, max: 100).apply(104)   // 100
/// ```
public struct ClampFilter: PointwiseFilter {
    public let min: Double?
    public let max: Double?

    /// Throws when `min` is above `max`.
    public init(min: Double?, max: Double?) throws(NumbersError) {
        if let min, let max, min > max { throw .clampBounds(min: min, max: max) }
        self.min = min
        self.max = max
    }

    public func apply(_ value: Double) -> Double {
        var clamped = value
        if let min { clamped = Swift.max(clamped, min) }
        if let max { clamped = Swift.min(clamped, max) }
        return clamped
    }

    /// A clamp of a finite number is one: never asked.
    public func computation(of value: Double) -> String {
        "clamp of " + DecimalText.shortest(value)
    }
}

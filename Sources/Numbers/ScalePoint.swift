/// Where a number falls on a `LinearScale`, and the value there: what `gpioagg why`
/// explains.
///
/// ```swift
/// try LinearScale(from: (50, 70), to: (30, 100)).point(for: 75)
/// // ScalePoint(value: 100, position: .pastEnd)
/// ```
public struct ScalePoint: Hashable, Sendable {
    public enum Position: Hashable, Sendable {
        /// From `from`'s start to its end, ends included: on the line.
        case onCurve
        /// Beyond `from`'s start, on the side away from its end (below it on a rising
        /// curve, above it on a falling one): clamped to `to`'s start, unless the scale
        /// does not clamp.
        case beforeStart
        /// Beyond `from`'s end: clamped to `to`'s end, unless the scale does not clamp.
        case pastEnd
    }

    public let value: Double
    public let position: Position
    /// Whether the value is held at an end of `to`: beyond `from`'s ends of a scale
    /// that clamps.
    public let isClamped: Bool

    public init(value: Double, position: Position, isClamped: Bool? = nil) {
        self.value = value
        self.position = position
        self.isClamped = isClamped ?? (position != .onCurve)
    }
}

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
        /// curve, above it on a falling one): clamped to `to`'s start.
        case beforeStart
        /// Beyond `from`'s end: clamped to `to`'s end.
        case pastEnd
    }

    public let value: Double
    public let position: Position

    public init(value: Double, position: Position) {
        self.value = value
        self.position = position
    }

    /// Whether the value is held at an end of `to`.
    public var isClamped: Bool { position != .onCurve }
}

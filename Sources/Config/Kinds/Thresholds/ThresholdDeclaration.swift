/// `threshold: NAME` with `above:` or `below:`, `hysteresis:` and `fallback:`: a level
/// from a number.
///
/// With `above: A` it turns on at A or more and off again at A minus the hysteresis or
/// less; `below` is the mirror image. While the number is unavailable it is `fallback`.
///
/// ```swift
/// // too_hot: { threshold: inside, above: 28, hysteresis: 2 }
/// ThresholdDeclaration(.above, .number(28), hysteresis: 2)
/// // heat: { threshold: inside, below: setpoint, hysteresis: 0.5 }
/// ThresholdDeclaration(.below, .node("setpoint"), hysteresis: 0.5)
/// ```
public struct ThresholdDeclaration: Hashable, Sendable {
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        case above, below
    }

    /// A fixed number, in the operand's unit, or a numeric input or signal (a set point).
    public enum Bound: Hashable, Sendable {
        case number(Double)
        case node(String)
    }

    public var direction: Direction
    public var bound: Bound
    /// At least 0.
    public var hysteresis: Double
    /// The level while the operand is unavailable.
    public var fallback: Bool

    public init(_ direction: Direction, _ bound: Bound, hysteresis: Double = 0, fallback: Bool = false) {
        self.direction = direction
        self.bound = bound
        self.hysteresis = hysteresis
        self.fallback = fallback
    }
}

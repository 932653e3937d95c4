/// Why a threshold shows its fallback level instead of a decision: what the engine logs
/// and `gpioagg why` shows.
public enum ThresholdFallbackReason: String, Sendable, CustomStringConvertible {
    /// The number it watches has no value (a sensor that has not answered, a mean of
    /// nothing).
    case operandUnavailable
    /// Its bound is a set point, and the set point has no value.
    case boundUnavailable

    public var description: String {
        switch self {
        case .operandUnavailable: "its operand is unavailable"
        case .boundUnavailable: "its bound is unavailable"
        }
    }
}

/// What a `sim` request does to a simulated input.
///
/// ```swift
/// ControlRequest.sim(name: "switch1", action: .set(true))
/// ControlRequest.sim(name: "switch1", action: .toggle)
/// ControlRequest.sim(name: "switch1", action: .pulse(.milliseconds(50)))
/// ControlRequest.sim(name: "t_north", action: .number(27.5))
/// ControlRequest.sim(name: "t_north", action: .unavailable)
/// ```
public enum SimAction: Hashable, Sendable {
    /// Sets the input's logical level (`true` is on).
    case set(Bool)
    /// Inverts the input's logical level.
    case toggle
    /// Inverts the input's logical level, then restores it after the duration.
    case pulse(Duration)
    /// Sets a numeric input to a reading, outside its `min:` and `max:` too (a sensor
    /// is not a command). The numbers 1 and 0 set an input with a level on and off.
    case number(Double)
    /// Makes a numeric input unavailable, as a sensor that does not answer.
    case unavailable

    /// The shortest pulse: the wire format counts milliseconds with microsecond precision.
    public static let shortestPulse = Duration.microseconds(1)
    /// The longest pulse the protocol accepts: one hour.
    public static let longestPulse = Duration.seconds(3600)

    /// What the action does to an input with a level: itself, and for the numbers 1 and
    /// 0 (the level words `1` and `0`), `set`; nil for any other number and for
    /// unavailable.
    public var forLevel: SimAction? {
        switch self {
        case .set, .toggle, .pulse: self
        case .number(1): .set(true)
        case .number(0): .set(false)
        case .number, .unavailable: nil
        }
    }
}

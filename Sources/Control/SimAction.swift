/// What a `sim` request does to a simulated input.
///
/// ```swift
/// ControlRequest.sim(name: "switch1", action: .set(true))
/// ControlRequest.sim(name: "switch1", action: .toggle)
/// ControlRequest.sim(name: "switch1", action: .pulse(.milliseconds(50)))
/// ```
public enum SimAction: Hashable, Sendable {
    /// Sets the input's logical level (`true` is on).
    case set(Bool)
    /// Inverts the input's logical level.
    case toggle
    /// Inverts the input's logical level, then restores it after the duration.
    case pulse(Duration)

    /// The shortest pulse: the wire format counts milliseconds with microsecond precision.
    public static let shortestPulse = Duration.microseconds(1)
    /// The longest pulse the protocol accepts: one hour.
    public static let longestPulse = Duration.seconds(3600)
}

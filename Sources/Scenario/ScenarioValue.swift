/// A value as a test file writes it in `set:` and `expect:`: a level, a number, unavailable,
/// or (in `expect:` only) a number give or take a tolerance.
///
/// A number carries no unit here: the node's own unit and `precision:` decide how it is
/// compared and shown.
///
/// ```yaml
/// - set: { setpoint: 22, t_door: unavailable, door: on }
/// - expect: { inside: 28.15, too_hot: on, spread: { near: 24.65, within: 0.01 } }
/// ```
public enum ScenarioValue: Hashable, Sendable {
    case level(Bool)
    case number(Double)
    case unavailable
    /// `{ near: X, within: T }`: at most T away from X, either way.
    case near(Double, within: Double)

}

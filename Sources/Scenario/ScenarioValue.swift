import Config
import Values

/// A value as a test file writes it in `set:` and `expect:`: a level, a number, unavailable,
/// (in `expect:` only) a number give or take a tolerance, or (in `set:` only, for a
/// pressed input, `command: press`) a press.
///
/// A number carries no unit here: the node's own unit and `precision:` decide how it is
/// compared and shown.
///
/// ```yaml
/// - set: { setpoint: 22, t_door: unavailable, door: on }
/// - expect: { inside: 28.15, too_hot: on, spread: { near: 24.65, within: 0.01 } }
/// ```
///
/// ```swift
/// ScenarioValue.number(28.15).matches(.number(28.149, "°C"), precision: 2)   // true
/// ScenarioValue.number(28.15).matches(.number(28.149, "°C"), precision: 3)   // false
/// ScenarioValue.near(24.65, within: 0.01).text(unit: "°C", precision: 2)    // "24.65 °C within 0.01"
/// ```
public enum ScenarioValue: Hashable, Sendable {
    case level(Bool)
    case number(Double)
    case unavailable
    /// `{ near: X, within: T }`: at most T away from X, either way.
    case near(Double, within: Double)
    /// `press`: a pressed input activates once.
    case press
    /// A cover told `open`, `close` or `stop` (`set:`); a position is a `number`.
    case cover(CoverCommand)
    /// A cover's state (`expect: { garage_door: opening }`); its position is a `number`.
    case coverState(CoverState)
    /// `auto` (`set:` only): an output with `override: true` follows what it follows again.
    case auto

    /// Whether a node's `value` is this one: a number when both round to the same value
    /// at the node's `precision` (28.149 is 28.15 at 2 places, not at 3), or when it is at
    /// most `within` from `near`.
    public func matches(_ value: NodeValue, precision: Int) -> Bool {
        switch (self, value) {
        case (.level(let level), _):
            return value == .level(level)
        case (.unavailable, _):
            return value == .unavailable
        case (.number(let number), .number(let actual, _)):
            return DecimalText.format(actual, places: precision) == DecimalText.format(number, places: precision)
        case (.number(let number), .cover(_, let actual?)):
            return DecimalText.format(actual, places: precision) == DecimalText.format(number, places: precision)
        case (.coverState(let state), _):
            return value.coverState == state
        case (.near(let near, let within), .cover(_, let actual?)), (.near(let near, let within), .number(let actual, _)):
            // The difference of two decimals is rarely exact in binary: 24.66 - 24.65 is
            // 0.010000000000001563. A few units in the last place let a value written at
            // the edge of the tolerance count as within it.
            let slack = 4 * (abs(actual) + abs(near) + within) * Double.ulpOfOne
            return abs(actual - near) <= within + slack
        case (.number, _), (.near, _), (.press, _), (.cover, _), (.auto, _):
            return false
        }
    }

    /// The value as its node shows numbers, with `unit` at `precision`: `on`, `28.15 °C`,
    /// `unavailable`, `24.65 °C within 0.01`. `near` and `within` keep every place they
    /// were written with.
    public func text(unit: MeasurementUnit, precision: Int) -> String {
        switch self {
        case .level(let level): return NodeValue.level(level).text(precision: precision)
        case .unavailable: return NodeValue.unavailable.text(precision: precision)
        case .press: return "press"
        case .auto: return OverrideMode.auto.rawValue
        case .number(let number): return NodeValue.number(number, unit).text(precision: precision)
        case .cover(let command): return command.text
        case .coverState(let state): return state.rawValue
        case .near(let near, let within):
            func exact(_ number: Double) -> Int {
                (precision..<NumberDeclaration.maximumPrecision).first {
                    DecimalText.parse(DecimalText.format(number, places: $0)) == number
                } ?? NumberDeclaration.maximumPrecision
            }
            return NodeValue.number(near, unit).text(precision: exact(near))
                + " within " + DecimalText.format(within, places: exact(within))
        }
    }
}

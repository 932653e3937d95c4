/// The value of an input, a signal, an output or a cover: a level (on or off), a number
/// with its unit, a cover's state and position, or unavailable (a sensor that has not
/// answered, a remote input whose publisher is gone, a mean of nothing). The one value type the engine's changes, its snapshot,
/// the control protocol, the journal, the terminal, the state file, MQTT and
/// `gpioagg test` share.
///
/// Unavailable is a case, not a sentinel number: a threshold over an unavailable value
/// takes its fallback, Home Assistant shows the entity as unavailable, and a test can
/// expect it.
///
/// ```swift
/// NodeValue.level(true).text(precision: 2)                  // "on"
/// NodeValue.number(27.456, "°C").text(precision: 1)         // "27.5 °C"
/// NodeValue.unavailable.text(precision: 2)                  // "unavailable"
/// NodeValue.cover(.opening, position: 40).text(precision: 0) // "opening 40 %"
/// let levels: [String: NodeValue] = ["switch1": true]       // a boolean literal is a level
/// ```
public enum NodeValue: Hashable, Sendable, ExpressibleByBooleanLiteral {
    case level(Bool)
    case number(Double, MeasurementUnit)
    /// A cover's state, and its position from 0 (closed) to 100 (open) when it knows
    /// one (a cover with two motors; nil for a garage door on one relay).
    case cover(CoverState, position: Double?)
    case unavailable

    /// The decimal places a number is shown with when its node says nothing else.
    public static let defaultPrecision = 2

    public static let on = NodeValue.level(true)
    public static let off = NodeValue.level(false)

    /// A level: `["switch1": true]`.
    public init(booleanLiteral on: Bool) {
        self = .level(on)
    }

    /// The level; nil for a number or unavailable.
    public var level: Bool? {
        if case .level(let level) = self { return level }
        return nil
    }

    /// True only for the level on: what a level's consumers (an output, the terminal's
    /// colours) act on.
    public var isOn: Bool { level == true }

    /// The number; nil for a level or unavailable.
    public var number: Double? {
        if case .number(let number, _) = self { return number }
        return nil
    }

    /// The number's unit; nil for a level or unavailable.
    public var unit: MeasurementUnit? {
        if case .number(_, let unit) = self { return unit }
        return nil
    }

    /// A cover's state; nil for anything else.
    public var coverState: CoverState? {
        if case .cover(let state, _) = self { return state }
        return nil
    }

    /// A cover's position (0 closed, 100 open); nil for anything else, or a cover that
    /// knows none.
    public var coverPosition: Double? {
        if case .cover(_, let position) = self { return position }
        return nil
    }

    public var isAvailable: Bool { self != .unavailable }

    /// The value without its unit, as a payload, a journal field or a status line shows
    /// it: `on`, `off`, `unavailable`, the number at `precision` decimal places
    /// (`DecimalText`), or a cover's state (`opening`).
    public func word(precision: Int) -> String {
        switch self {
        case .level(let level): LevelWord.word(for: level)
        case .number(let number, _): DecimalText.format(number, places: precision)
        case .cover(let state, _): state.rawValue
        case .unavailable: "unavailable"
        }
    }

    /// The value with its unit, for people: `on`, `27.50 °C`, `3 %`, `unavailable`,
    /// `closing 40 %` (a cover's state and position, when it knows one).
    public func text(precision: Int) -> String {
        switch self {
        case .number(_, let unit) where !unit.isNone:
            word(precision: precision) + " " + unit.symbol
        case .cover(let state, let position?):
            state.rawValue + " " + DecimalText.format(position, places: precision) + " %"
        default:
            word(precision: precision)
        }
    }
}

import HomeAssistantClasses
import Values

/// What a numeric input or signal carries besides its value: its unit, the places it is
/// shown at, the filters its values pass through, and how Home Assistant keeps its
/// statistics.
///
/// ```swift
/// // inside: { mean: [t_north, t_south], precision: 1, filters: [{ median: 5 }] }
/// NumberDeclaration(unit: "°C", precision: 1, filters: [.median(window: 5)])
/// ```
public struct NumberDeclaration: Hashable, Sendable {
    /// `unit:` on an input; on a signal, its operands' (a `unit:` there must agree).
    public var unit: MeasurementUnit
    /// `precision:`: decimal places shown, logged, published and compared by
    /// `gpioagg test`, from 0 to `maximumPrecision`.
    public var precision: Int
    /// `filters:`, in the order they apply.
    public var filters: [NumberFilterDeclaration]
    /// `state_class:` of its Home Assistant `sensor`.
    public var stateClass: SensorStateClass

    /// Two places: a temperature to a hundredth of a degree, a percentage to a hundredth.
    public static let defaultPrecision = 2
    /// `DecimalText.format` shows at most nine places.
    public static let maximumPrecision = 9

    public init(unit: MeasurementUnit = .none, precision: Int = defaultPrecision,
                filters: [NumberFilterDeclaration] = [], stateClass: SensorStateClass = .measurement) {
        self.unit = unit
        self.precision = precision
        self.filters = filters
        self.stateClass = stateClass
    }
}

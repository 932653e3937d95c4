import HomeAssistantClasses
import Values

/// What a numeric entity tells Home Assistant besides its value: plain values from the
/// config's `NumberDeclaration` and `NumberCommandDeclaration`, so that this module
/// depends on neither `Config` nor `Engine`. A `sensor` uses the unit, the precision and
/// the state class; a `number` the unit, the range, the step and the mode.
///
/// ```swift
/// HomeAssistantMeasurement(unit: "°C", precision: 1)                          // a sensor
/// HomeAssistantMeasurement(unit: "°C", minimum: 5, maximum: 30, step: 0.5, mode: "slider")   // a number
/// ```
public struct HomeAssistantMeasurement: Hashable, Sendable {
    /// `unit_of_measurement`; empty: the number has no unit, and the key is left out.
    public var unit: String
    /// Decimal places of the state payload, and a sensor's `suggested_display_precision`.
    public var precision: Int
    /// A sensor's `state_class`.
    public var stateClass: SensorStateClass
    /// A number's `min`, `max` and `step`; nil leaves Home Assistant's default (1, 100, 1).
    public var minimum: Double?
    public var maximum: Double?
    public var step: Double?
    /// A number's `mode` (`box` or `slider`); nil leaves Home Assistant's `auto`.
    public var mode: String?

    public init(unit: String = "", precision: Int = NodeValue.defaultPrecision,
                stateClass: SensorStateClass = .measurement, minimum: Double? = nil, maximum: Double? = nil,
                step: Double? = nil, mode: String? = nil) {
        self.unit = unit
        self.precision = precision
        self.stateClass = stateClass
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.mode = mode
    }
}

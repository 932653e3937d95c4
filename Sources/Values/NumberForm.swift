/// What a numeric node's number is besides its value: its unit, the places it is shown
/// and compared at, the range it is set within (when it has one), and, for a number set
/// by hand, its step and how it is entered. Part of `NodeTraits`.
///
/// ```swift
/// // setpoint: { command: true, type: number, min: 5, max: 30, step: 0.5, unit: "°C" }
/// let form = NumberForm(unit: "°C", precision: 2, minimum: 5, maximum: 30, step: 0.5)
/// form.range   // 5.0...30.0
/// ```
public struct NumberForm: Hashable, Sendable {
    public var unit: MeasurementUnit
    /// Decimal places shown, logged, published and compared.
    public var precision: Int
    /// `min:` and `max:` of a number set by hand; nil where there is no bound.
    public var minimum: Double?
    public var maximum: Double?
    /// `step:` of a number set by hand; nil when not given.
    public var step: Double?
    /// `mode:` of a number set by hand; nil leaves it to whoever shows it.
    public var mode: NumberMode?
    /// `state_class:`: a value in present time, or a total.
    public var stateClass: SensorStateClass

    public init(unit: MeasurementUnit = .none, precision: Int = NodeValue.defaultPrecision, minimum: Double? = nil,
                maximum: Double? = nil, step: Double? = nil, mode: NumberMode? = nil,
                stateClass: SensorStateClass = .measurement) {
        self.unit = unit
        self.precision = precision
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.mode = mode
        self.stateClass = stateClass
    }

    /// A duty cycle: percent from 0 to 100, to one decimal.
    public static let duty = NumberForm(unit: "%", precision: 1, minimum: 0, maximum: 100)

    /// The values it may be set to: from `minimum` to `maximum`, either open.
    public var range: ClosedRange<Double> {
        (minimum ?? -Double.greatestFiniteMagnitude)...(maximum ?? Double.greatestFiniteMagnitude)
    }
}

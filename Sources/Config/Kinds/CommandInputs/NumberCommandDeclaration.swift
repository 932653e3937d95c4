import Values

/// `type: number` on a command input: where it starts, the range and step it is set
/// within, and how Home Assistant's `number` entity shows it.
///
/// ```swift
/// // setpoint: { command: true, type: number, initial: 21, min: 5, max: 30, step: 0.5, unit: "°C" }
/// NumberCommandDeclaration(initial: 21, minimum: 5, maximum: 30, step: 0.5, number: NumberDeclaration(unit: "°C"))
/// ```
public struct NumberCommandDeclaration: Hashable, Sendable {
    /// How Home Assistant's `number` entity is shown (`mode:`); nil leaves it to Home
    /// Assistant (`auto`).
    public typealias Mode = NumberMode

    /// Its value at start, when none was kept: `initial:`, else 0 brought within
    /// `minimum` and `maximum`.
    public var initial: Double
    /// `min:` and `max:`; nil when not given (Home Assistant's entity then shows 1 to 100).
    public var minimum: Double?
    public var maximum: Double?
    /// `step:`, more than 0; nil when not given (Home Assistant's 1).
    public var step: Double?
    public var mode: Mode?
    public var number: NumberDeclaration

    public init(initial: Double = 0, minimum: Double? = nil, maximum: Double? = nil, step: Double? = nil,
                mode: Mode? = nil, number: NumberDeclaration = NumberDeclaration()) {
        self.initial = initial
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.mode = mode
        self.number = number
    }
}

/// The form of a node's value: what it holds, whatever its kind. Part of `NodeTraits`.
///
/// ```swift
/// NodeForm.level                                  // a door contact, an all: signal, a relay
/// NodeForm.momentary(presses: 2)                  // a double click
/// NodeForm.number(NumberForm(unit: "°C"))         // a temperature
/// NodeForm.cover(positioned: true)                // blinds on two motors
/// NodeForm.duty                                   // a PWM output: % from 0 to 100, or on and off
/// ```
public enum NodeForm: Hashable, Sendable {
    /// On or off.
    case level
    /// On for an instant at each activation, never held: a click gesture of `presses`
    /// presses, or a pressed input (`command: press`, one press). Only what reacts to
    /// activations may read it.
    case momentary(presses: Int)
    /// A number with its unit, precision and range; it may be unavailable.
    case number(NumberForm)
    /// A garage door (one relay, no position) or blinds (two motors, a position from
    /// travel time).
    case cover(positioned: Bool)
    /// A PWM output's duty cycle: a number in % from 0 to 100 (`NumberForm.duty`) that
    /// also takes on and off.
    case duty

    /// The number's unit, precision and range: a number's, or a duty cycle's; nil for the
    /// other forms.
    public var number: NumberForm? {
        switch self {
        case .number(let form): form
        case .duty: .duty
        case .level, .momentary, .cover: nil
        }
    }

    /// Whether the value is a number (a number, or a duty cycle).
    public var isNumeric: Bool { number != nil }
}

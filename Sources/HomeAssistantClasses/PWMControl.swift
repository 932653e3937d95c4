/// How Home Assistant controls a PWM output with `command: true` (the config's
/// `entity:`): the platform its duty cycle is published as. Plain data, so that the
/// config's checker and the publisher agree on it.
///
/// ```swift
/// PWMControl.light.component    // .light: ON/OFF and a brightness from 0 to 100
/// PWMControl(rawValue: "fan")   // .fan
/// ```
public enum PWMControl: String, Hashable, Sendable, CaseIterable {
    /// A dimmable light (an LED strip): on, off and a brightness.
    case light
    /// A fan: on, off and a speed in percent.
    case fan
    /// A number from 0 to 100 %, on a slider.
    case number

    /// The platform a PWM output controlled this way is published as.
    public var component: HomeAssistantComponent {
        switch self {
        case .light: .light
        case .fan: .fan
        case .number: .number
        }
    }
}

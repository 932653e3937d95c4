/// How Home Assistant controls a PWM output with `command: true` (the config's
/// `entity:`, whose words are the raw values): a fact of the node, so that the config's
/// checker, the node's traits and the publisher agree on it. Its Home Assistant platform
/// is `component` (HomeAssistantClasses).
///
/// ```swift
/// PWMControl(rawValue: "fan")   // .fan
/// PWMControl.light.rawValue     // "light", what entity: says
/// ```
public enum PWMControl: String, Hashable, Sendable, CaseIterable {
    /// A dimmable light (an LED strip): on, off and a brightness. The default.
    case light
    /// A fan: on, off and a speed in percent.
    case fan
    /// A number from 0 to 100 %, on a slider.
    case number
}

/// How a node may be set from outside (`gpioagg set`, the control socket, MQTT's
/// `/set`, the line commands, a test file's `set:`). Part of `NodeTraits`.
///
/// ```swift
/// NodeSetting.command                 // command: true: on, off, toggle
/// NodeSetting.total(reset: true)      // a counter: its new total; Home Assistant gets a reset button
/// NodeSetting.duty(.fan)              // a PWM output with command: true, a fan in Home Assistant
/// NodeSetting.none.isSettable         // false
/// ```
public enum NodeSetting: Hashable, Sendable {
    /// Not at all: its value comes from a line, a topic, a sensor, its operands or what
    /// it follows.
    case none
    /// `command: true` on an input with a level or an output: on, off, toggle.
    case command
    /// `command: press`: press, never set.
    case press
    /// `command: true, type: number`: a number within its range.
    case number
    /// A counter (`count:`): its new total, 0 or more. `reset: true` adds a button that
    /// sets it back to 0.
    case total(reset: Bool)
    /// A cover: open, close, stop, or a position from 0 to 100 when it has one.
    case cover
    /// A PWM output with `command: true`: a duty cycle from 0 to 100 %, on, off or
    /// toggle; Home Assistant controls it as its `entity:` says.
    case duty(PWMControl)
    /// An output with `override: true`: `auto` (it follows what it follows), or `on` and
    /// `off`, which hold until someone chooses again.
    case override

    /// Whether it takes a value from outside at all.
    public var isSettable: Bool { self != .none }
}

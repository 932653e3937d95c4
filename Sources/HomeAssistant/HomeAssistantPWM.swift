import HomeAssistantClasses
import Values

/// A PWM output as Home Assistant's MQTT platforms speak of it. Its duty cycle, a
/// percentage at the output's precision (`40.0`), is on its state topic; a `light` or a
/// `fan` also says `ON` (above 0 %) or `OFF` on its on/off topic; commands come on its
/// `/set` topic: `ON`, `OFF`, `TOGGLE` or a percentage (`SetValue(pwmPayload:)`).
///
/// - A `light` reads its brightness on a scale of 0 to 100 (`brightness_scale`) from the
///   state topic, and sends it, alone, to `/set` (`on_command_type: brightness`): turning
///   it on sends the last brightness it knows, turning it off sends `OFF`. It ignores a
///   brightness of 0, so the last one above 0 stays what it turns on to.
/// - A `fan` sends `ON` and then the speed to `/set`; its speed range is 1 to 100, so a
///   speed is the percentage itself. It reads a whole number (Python's `int()`), so its
///   `percentage_value_template` rounds the state's decimal.
/// - A `number` is 0 to 100 % on a slider; a PWM output without `command: true` is a
///   `sensor` in %.
public enum HomeAssistantPWM {
    /// A light's `brightness_scale`: brightness is the percentage itself.
    public static let brightnessScale = 100
    /// A light's `on_command_type`: "on" is a brightness on the brightness topic, never a
    /// separate `ON` before it, so a dimmer turned on goes straight to its brightness.
    public static let onCommandType = "brightness"
    /// A fan's `speed_range_min` and `speed_range_max`: a speed is the percentage itself.
    public static let speedRange = 1...100
    /// A fan's `percentage_value_template`: the state's decimal (`40.0`) as the whole
    /// number Home Assistant's fan reads (`int("40.0")` fails in Python), rounded.
    public static let percentageValueTemplate = "{{ value | float(0) | round | int }}"
    /// A number's slider: 0 to 100 % in steps of 1.
    public static let numberRange = 0.0...100.0
    public static let numberStep = 1.0
    public static let unit = "%"
}

extension HomeAssistantEntity {
    /// A PWM output: a `sensor` in % without `command: true`; with it, the `light`,
    /// `fan` or `number` its `entity:` names. `precision` is the places of its state
    /// (`PWMOutputDeclaration.precision`).
    ///
    /// ```swift
    /// HomeAssistantEntity.pwmOutput(name: "strip", control: .light, precision: 1).component   // .light
    /// HomeAssistantEntity.pwmOutput(name: "fan", control: nil, precision: 1).component        // .sensor
    /// ```
    public static func pwmOutput(name: String, control: PWMControl?, precision: Int,
                                 displayName: String? = nil) -> HomeAssistantEntity {
        var measurement = HomeAssistantMeasurement(unit: HomeAssistantPWM.unit, precision: precision,
                                                   stateClass: .measurement)
        if control == .number {
            measurement.minimum = HomeAssistantPWM.numberRange.lowerBound
            measurement.maximum = HomeAssistantPWM.numberRange.upperBound
            measurement.step = HomeAssistantPWM.numberStep
            measurement.mode = "slider"
        }
        return HomeAssistantEntity(name: name, kind: control.map { .pwmCommandOutput($0) } ?? .pwmOutput,
                                   measurement: measurement, displayName: displayName)
    }
}

extension HomeAssistantNode {
    /// The retained on/off message of a PWM light or fan: `ON` on its on/off topic while
    /// its duty cycle is above 0, `OFF` at 0. Nil for the other kinds, and for a value
    /// that is not a number.
    ///
    /// ```swift
    /// node.onOffMessage(for: strip, value: .number(40, "%"))?.payload   // "ON"
    /// node.onOffMessage(for: strip, value: .number(0, "%"))?.payload    // "OFF"
    /// ```
    public func onOffMessage(for entity: HomeAssistantEntity, value: NodeValue) -> HomeAssistantMessage? {
        guard let topic = onOffTopic(for: entity), case .number(let percent, _) = value else { return nil }
        return HomeAssistantMessage(topic: topic, payload: percent > 0 ? HomeAssistantState.on : HomeAssistantState.off,
                                    retain: true)
    }
}

import Values

/// What an entity is in gpioagg, which decides its Home Assistant platform: plain data,
/// so that the config's checker asks the same question the publisher answers.
///
/// ```swift
/// HomeAssistantEntityKind.output.component           // .binarySensor
/// HomeAssistantEntityKind.click(count: 2).component  // .event
/// HomeAssistantEntityKind.cover(positioned: true).component   // .cover
/// HomeAssistantEntityKind.pwmCommandOutput(.fan).component     // .fan
/// ```
public enum HomeAssistantEntityKind: Hashable, Sendable {
    /// An input read from a line: a `binary_sensor`.
    case input
    /// An input set over MQTT: a `switch` that Home Assistant can turn on and off.
    case commandInput
    /// A momentary input (`command: press`): a `button` that Home Assistant presses.
    case pressInput
    /// A signal with a level: a `binary_sensor`.
    case signal
    /// A momentary signal, a click gesture of `count` presses: an `event`.
    case click(count: Int)
    /// An output: a `binary_sensor` (Home Assistant shows it, gpioagg drives it), so
    /// its `device_class` is one of a binary sensor's.
    case output
    /// An output with `command: true`: a `switch` whose state is the line's value and
    /// which Home Assistant turns on and off, so its `device_class` is a switch's.
    case commandOutput
    /// A numeric input or signal: a `sensor`.
    case sensor
    /// A numeric command input: a `number` that Home Assistant can set.
    case number
    /// The reset of a counter with `reset: true`: a `button` beside its `sensor`.
    case resetButton
    /// A cover: a `cover`. One relay (a garage door opener's push button) has no
    /// position (`positioned: false`); two motors (`up:`, `down:`) have one, from travel
    /// time, which Home Assistant reads and sets (`positioned: true`).
    case cover(positioned: Bool)
    /// A PWM output: a `sensor` in percent (Home Assistant shows its duty cycle, gpioagg
    /// drives it).
    case pwmOutput
    /// A PWM output with `command: true`: a `light` with a brightness, a `fan` with a
    /// percentage or a `number`, as its `entity:` says; Home Assistant sets its duty cycle.
    case pwmCommandOutput(PWMControl)
    /// The mode of an output with `override: true`: a `select` of `auto`, `on` and `off`
    /// beside the output's own entity.
    case overrideMode

    /// The platform an entity of this kind is published as.
    public var component: HomeAssistantComponent {
        switch self {
        case .input, .signal, .output: return .binarySensor
        case .commandInput, .commandOutput: return .switch
        case .click: return .event
        case .sensor, .pwmOutput: return .sensor
        case .number: return .number
        case .resetButton, .pressInput: return .button
        case .cover: return .cover
        case .pwmCommandOutput(let control): return control.component
        case .overrideMode: return .select
        }
    }
}

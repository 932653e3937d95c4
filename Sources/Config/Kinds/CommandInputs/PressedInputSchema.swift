/// `inputs: NAME: { command: press }`: a momentary command input, pressed and never set.
enum PressedInputSchema: ConfigSchema {
    static let title = "a pressed input"
    static let section = "inputs"
    static let documentedUnder = ["### Inputs without a line: command and remote inputs"]
    static let example = "command: press"
    static let keys = [
        ConfigKey("command", "press", "press: each press activates it once"),
        ConfigKey(ConfigValidator.displayNameKey, "Open the gate", "the name people read"),
        ConfigKey("internal", "true", "true: no Home Assistant entity and nothing on MQTT"),
    ]
}

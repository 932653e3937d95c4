/// `inputs: NAME: { chip, line, ... }`: an input on a GPIO line.
enum LineInputSchema: ConfigSchema {
    static let title = "a line input"
    static let section = "inputs"
    static let documentedUnder = ["## Inputs"]
    static let example = "chip: main, line: GPIO2"
    static let keys = [
        ConfigKey("chip", "main", "the chip the line is on, declared under chips:"),
        ConfigKey("line", "GPIO3", "the line: a name, an offset or a header pin"),
        ConfigKey("active", "low", "high or low: with low, a line pulled to ground reads as on"),
        ConfigKey("bias", "pull-up", "as-is, disabled, pull-up or pull-down"),
        ConfigKey("debounce", "10ms", "a duration, or { mode, period }: how edges are debounced"),
        ConfigKey("device_class", "door", "Home Assistant's binary sensor class"),
        ConfigKey("type", "level", "level: a line is on or off (number is refused)"),
        ConfigKey(ConfigValidator.displayNameKey, "Front door", "the name people read"),
        ConfigKey("internal", "true", "true: no Home Assistant entity and nothing on MQTT"),
    ]
    /// The keys of `debounce: { mode, period }`.
    static let debounceKeys = [
        ConfigKey("mode", "lockout", "stable, lockout or settle"),
        ConfigKey("period", "10ms", "1us to 10s"),
    ]
}

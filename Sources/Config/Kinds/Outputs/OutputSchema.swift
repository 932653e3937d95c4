/// `outputs: NAME: { chip, line, follows, ... }`: an output on a GPIO line.
enum OutputSchema: ConfigSchema {
    static let title = "a line output"
    static let section = "outputs"
    static let documentedUnder = ["## Outputs"]
    static let example = "chip: main, line: GPIO4, follows: pressed"
    static let keys = [
        ConfigKey("chip", "main", "the chip the line is on, declared under chips:"),
        ConfigKey("line", "GPIO5", "the line: a name, an offset or a header pin"),
        ConfigKey("follows", "button", "the signal or input it follows"),
        ConfigKey("initial", "on", "its level at start, or restore"),
        ConfigKey("safe", "on", "its level at stop and on failure"),
        ConfigKey("active", "low", "high or low: with low, on drives the line to ground"),
        ConfigKey("drive", "open-drain", "push-pull, open-drain or open-source"),
        ConfigKey("pulse", "1s", "each activation turns it on for this long"),
        ConfigKey("max_on", "10m", "it turns off after this long on"),
        ConfigKey("device_class", "light", "Home Assistant's binary sensor class (with command: true, a switch's)"),
        ConfigKey("command", "true", "true: commands set it too"),
        ConfigKey("override", "true", "true: auto, on or off by hand, held until chosen again"),
        ConfigKey(ConfigValidator.displayNameKey, "Porch light", "the name people read"),
        ConfigKey("internal", "true", "true: no Home Assistant entity and nothing on MQTT"),
    ]
}

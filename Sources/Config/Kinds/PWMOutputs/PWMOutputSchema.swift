/// `outputs: NAME: { chip, channel, frequency, ... }`: an output on a PWM controller's channel.
enum PWMOutputSchema: ConfigSchema {
    static let title = "a PWM output"
    static let section = "outputs"
    static let documentedUnder = ["## PWM outputs"]
    static let example = "chip: pwm, channel: 0, frequency: 25kHz, follows: level"
    static let keys = [
        ConfigKey("chip", "pwm", "the PWM controller, declared under chips: with pwm:"),
        ConfigKey("channel", "1", "the controller's channel"),
        ConfigKey("frequency", "1kHz", "the PWM frequency (or period:)"),
        ConfigKey("period", "1ms", "the PWM period (or frequency:)"),
        ConfigKey("follows", "level", "the number in % or the level it follows"),
        ConfigKey("command", "true", "true: commands set it too"),
        ConfigKey("entity", "fan", "with command: true, how Home Assistant shows it: light, fan or number",
                  in: "chip: pwm, channel: 0, frequency: 25kHz, command: true"),
        ConfigKey("initial", "50", "its duty cycle in % at start"),
        ConfigKey("safe", "100", "its duty cycle in % at stop and on failure"),
        ConfigKey("active", "low", "high or low: with low, the duty cycle is inverted"),
        ConfigKey("ramp", "2s", "a new duty cycle is reached over this long"),
        ConfigKey(ConfigValidator.displayNameKey, "Fan", "the name people read"),
        ConfigKey("internal", "true", "true: no Home Assistant entity and nothing on MQTT"),
    ]
    /// Keys only an output on a PWM controller takes.
    static let onlyKeys = keyNames.filter { !OutputSchema.keyNames.contains($0) }
    /// Keys of lines (an output's, an input's) that a PWM output is asked for by mistake.
    static let lineOnlyKeys = ["line", "drive", "pulse", "max_on", "device_class", "bias", "debounce", "interlock", "override"]
}

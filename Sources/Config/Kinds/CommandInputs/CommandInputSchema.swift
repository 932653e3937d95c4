/// `inputs: NAME: { command: true, ... }`: an input set by commands, a level or a number.
enum CommandInputSchema: ConfigSchema {
    static let title = "a command input"
    static let section = "inputs"
    static let documentedUnder = ["### Inputs without a line: command and remote inputs", "### Numeric inputs"]
    static let example = "command: true"
    /// A numeric command input, which the number's keys are shown in.
    static let numberEntry = "command: true, type: number"
    /// What a numeric command input takes that a level does not (besides `NumberKeys`).
    static let numberCommandKeys = [
        ConfigKey("min", "5", "the least value a command may set", in: numberEntry),
        ConfigKey("max", "30", "the greatest value a command may set", in: numberEntry),
        ConfigKey("step", "0.5", "what Home Assistant's control moves by", in: numberEntry),
        ConfigKey("mode", "slider", "box or slider: how Home Assistant shows it", in: numberEntry),
    ]
    static let keys = [
        ConfigKey("command", "true", "true: set by commands; press: pressed, never set"),
        ConfigKey("initial", "on", "its value at start, when none was kept"),
        ConfigKey("persist", "true", "true: its value survives a restart"),
        ConfigKey("device_class", "outlet", "Home Assistant's switch class (a number's: its sensor class)"),
        ConfigKey("type", "number", "level (the default) or number"),
        ConfigKey(ConfigValidator.displayNameKey, "Override", "the name people read"),
        ConfigKey("internal", "true", "true: no Home Assistant entity and nothing on MQTT"),
    ] + numberCommandKeys + NumberKeys.keys.map { key in
        ConfigKey(key.name, key.example, key.meaning, in: numberEntry)
    }
}

/// `inputs: NAME: { topic: ... }`: an input that follows a value on an MQTT topic.
enum RemoteInputSchema: ConfigSchema {
    static let title = "a remote input"
    static let section = "inputs"
    static let documentedUnder = ["### Inputs without a line: command and remote inputs", "### Numeric inputs"]
    static let example = "topic: gpioagg/shed/door_open"
    static let keys = [
        ConfigKey("topic", "gpioagg/shed/motion", "the MQTT topic whose retained value it follows"),
        ConfigKey("fallback", "on", "its value until the first payload, and after hold"),
        ConfigKey("hold", "1m", "how long it keeps its value once the publisher is gone"),
        ConfigKey("payload_on", "open", "a payload that means on, besides the level words"),
        ConfigKey("payload_off", "closed", "a payload that means off, besides the level words"),
        ConfigKey("device_class", "door", "Home Assistant's binary sensor class (a number's: its sensor class)"),
        ConfigKey("type", "number", "level (the default) or number"),
        ConfigKey(ConfigValidator.displayNameKey, "Shed door", "the name people read"),
        ConfigKey("internal", "true", "true: no Home Assistant entity and nothing on MQTT"),
    ] + NumberKeys.keys.map { key in
        ConfigKey(key.name, key.example, key.meaning, in: "topic: weather/outside, type: number")
    }
}

/// `covers: NAME: { relay | up, down, closed, open, travel }`: a garage door or blinds.
enum CoverSchema: ConfigSchema {
    static let title = "a cover"
    static let section = "covers"
    static let documentedUnder = ["## Covers"]
    static let example = "up: up, down: down, travel: 20s"
    static let keys = [
        ConfigKey("relay", "relay", "one relay: the output with pulse: that pushes the opener's button"),
        ConfigKey("up", "up", "two motors: the output on while it moves up"),
        ConfigKey("down", "down", "two motors: the output on while it moves down"),
        ConfigKey("closed", "button", "an input or level signal on while it is closed"),
        ConfigKey("open", "pressed", "an input or level signal on while it is fully open"),
        ConfigKey("travel", "15s", "how long a full move takes"),
        ConfigKey("device_class", "blind", "Home Assistant's cover class"),
        ConfigKey(ConfigValidator.displayNameKey, "Blinds", "the name people read"),
        ConfigKey("internal", "true", "true: no Home Assistant entity and nothing on MQTT"),
    ]
}

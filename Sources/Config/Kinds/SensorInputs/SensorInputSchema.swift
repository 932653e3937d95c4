import SensorsCore

/// `inputs: NAME: { iio: ..., channel: ... }`: a numeric input read from a kernel sensor.
enum SensorInputSchema: ConfigSchema {
    static let title = "a sensor input"
    static let section = "inputs"
    static let documentedUnder = ["### Sensor inputs"]
    static let example = "thermal: cpu-thermal"
    /// The keys that name a sensor's source: exactly one per input.
    static let sourceKeys = SensorSourceKind.allCases.map { kind in
        ConfigKey(kind.rawValue, "cpu-thermal", "the sensor's source: a device's name, a thermal zone's type or a 1-Wire id")
    }
    static let sourceNames = sourceKeys.map(\.name)
    static let keys = sourceKeys + [
        ConfigKey("channel", "temp", "the device's channel"),
        ConfigKey("at", "1-0077", "where the device sits, when several have its name",
                  in: "iio: bme280, channel: pressure"),
        ConfigKey("interval", "10s", "how often it is read"),
        ConfigKey("timeout", "1m", "how long its value lasts without a good read"),
        ConfigKey("initial", "20", "its value until the first reading"),
        ConfigKey("device_class", "temperature", "Home Assistant's sensor class"),
        ConfigKey(ConfigValidator.displayNameKey, "CPU", "the name people read"),
        ConfigKey("internal", "true", "true: no Home Assistant entity and nothing on MQTT"),
    ] + NumberKeys.keys
}

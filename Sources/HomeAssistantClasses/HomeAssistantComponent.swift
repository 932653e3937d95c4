/// The Home Assistant entity platforms gpioagg publishes through MQTT discovery, named
/// as in the discovery topic (`homeassistant/binary_sensor/...`).
///
/// ```swift
/// HomeAssistantComponent.binarySensor.rawValue                     // "binary_sensor"
/// HomeAssistantComponent.binarySensor.deviceClasses.contains("door") // true
/// ```
public enum HomeAssistantComponent: String, CaseIterable, Hashable, Sendable {
    /// Inputs read from lines, signals (but clicks) and outputs: `ON`/`OFF` on a state topic.
    case binarySensor = "binary_sensor"
    /// Command inputs, set from Home Assistant through a command topic.
    case `switch` = "switch"
    /// Momentary signals (clicks): one JSON message per activation.
    case event = "event"
    /// Numeric inputs and signals: a decimal number on a state topic.
    case sensor = "sensor"
    /// Numeric command inputs, set from Home Assistant through a command topic.
    case number = "number"
    /// A counter's reset (`reset: true`): pressed, it sends 0 to the counter's command
    /// topic.
    case button = "button"
    /// Covers (a garage door, a gate, blinds): `OPEN`/`CLOSE`/`STOP` on a command topic,
    /// `open`/`opening`/`closed`/`closing`/`stopped` on a state topic, and for a cover
    /// with two motors a position from 0 (closed) to 100 (open).
    case cover = "cover"
    /// A PWM output with `command: true` and `entity: light` (the default): a dimmable
    /// light, `ON`/`OFF` and a brightness in percent.
    case light = "light"
    /// A PWM output with `command: true` and `entity: fan`: `ON`/`OFF` and a speed in
    /// percent.
    case fan = "fan"
    /// An output's override (`override: true`): `auto`, `on` or `off`, chosen in Home
    /// Assistant and sent to a command topic, shown from a state topic.
    case select = "select"

    /// The `device_class` values Home Assistant accepts for this platform, in its own
    /// order. A `device_class` outside the list makes Home Assistant refuse the whole
    /// entity (its discovery schema coerces the value into an enum), with only a line in
    /// its log: check the config against this list.
    ///
    /// The lists are the `BinarySensorDeviceClass`, `SwitchDeviceClass` and
    /// `EventDeviceClass` enums of Home Assistant 2023.12.4 and of 2026.2.3
    /// (`homeassistant/components/{binary_sensor,switch,event}/__init__.py`), identical
    /// in both. A `sensor` and a `number` take Home Assistant's `SensorDeviceClass`
    /// (`homeassistant/components/sensor/const.py`) without its three classes whose state
    /// is not a number (`date`, `enum`, `timestamp`): gpioagg's sensors publish numbers.
    /// Home Assistant keeps `NumberDeviceClass` aligned with the numeric sensor classes, so
    /// a `number` takes the same list. A `cover` takes `CoverDeviceClass`
    /// (`homeassistant/components/cover/__init__.py` of 2023.12.4; the ten classes are unchanged
    /// in later releases), which its discovery schema lower-cases and coerces into the enum.
    /// A `light` and a `fan` take none: their MQTT schemas have no `device_class`.
    public var deviceClasses: [String] {
        switch self {
        case .binarySensor:
            return [
                "battery", "battery_charging", "carbon_monoxide", "cold", "connectivity", "door", "garage_door",
                "gas", "heat", "light", "lock", "moisture", "motion", "moving", "occupancy", "opening", "plug",
                "power", "presence", "problem", "running", "safety", "smoke", "sound", "tamper", "update",
                "vibration", "window",
            ]
        case .switch:
            return ["outlet", "switch"]
        case .event:
            return ["doorbell", "button", "motion"]
        case .sensor, .number:
            return Self.numericDeviceClasses
        case .button:
            return ["identify", "restart", "update"]
        case .cover:
            return ["awning", "blind", "curtain", "damper", "door", "garage", "gate", "shade", "shutter", "window"]
        case .light, .fan, .select:
            // None of these MQTT platforms has a `device_class` key.
            return []
        }
    }

    private static let numericDeviceClasses = [
        "apparent_power", "aqi", "area", "atmospheric_pressure", "battery", "blood_glucose_concentration",
        "carbon_monoxide", "carbon_dioxide", "conductivity", "current", "data_rate", "data_size", "distance",
        "duration", "energy", "energy_distance", "energy_storage", "frequency", "gas", "humidity", "illuminance",
        "irradiance", "moisture", "monetary", "nitrogen_dioxide", "nitrogen_monoxide", "nitrous_oxide", "ozone",
        "ph", "pm1", "pm10", "pm25", "power_factor", "power", "precipitation", "precipitation_intensity",
        "pressure", "reactive_power", "signal_strength", "sound_pressure", "speed", "sulphur_dioxide",
        "temperature", "temperature_delta", "volatile_organic_compounds", "volatile_organic_compounds_parts",
        "voltage", "volume", "volume_storage", "volume_flow_rate", "water", "weight", "wind_direction",
        "wind_speed",
    ]
}

/// The Home Assistant platforms of numeric inputs and signals: `sensor` for a value
/// gpioagg reports, `number` for a numeric command input Home Assistant sets. The
/// config's checks name them here; `HomeAssistantComponent.sensor` and `.number` are the
/// same platforms as published, and take their device classes from this list.
///
/// ```swift
/// HomeAssistantNumberPlatform.sensor.deviceClasses.contains("temperature")   // true
/// HomeAssistantNumberPlatform.sensor.deviceClasses.contains("timestamp")     // false: not a number
/// ```
public enum HomeAssistantNumberPlatform: String, CaseIterable, Hashable, Sendable {
    case sensor = "sensor"
    case number = "number"

    /// The `device_class` values Home Assistant accepts for a numeric entity of this
    /// platform, in its own order.
    ///
    /// The list is Home Assistant's `SensorDeviceClass`
    /// (`homeassistant/components/sensor/const.py`) without its three classes whose state
    /// is not a number (`date`, `enum`, `timestamp`): gpioagg's sensors publish numbers.
    /// Home Assistant keeps `NumberDeviceClass` aligned with the numeric sensor classes, so
    /// a `number` takes the same list.
    public var deviceClasses: [String] {
        Self.numericDeviceClasses
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

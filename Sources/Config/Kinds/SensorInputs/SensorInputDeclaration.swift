import SensorsCore

/// `inputs: NAME: { iio: bme280, channel: temp, interval: 10s }` (or `hwmon:`, `thermal:`,
/// `w1:`): a numeric input whose values come from a kernel sensor, read every `interval`.
/// `sensor` is the `Sensors` module's own description of it, so that the reader takes
/// the declaration as it is.
///
/// ```swift
/// // pressure: { iio: bme280, channel: pressure, unit: hPa }
/// let pressure = try SensorInputDeclaration(
///     name: "pressure", sensor: Sensor(device: .iio(name: "bme280"), channel: "pressure", unit: "hPa"),
///     location: location)
/// pressure.number.unit     // "hPa"
/// pressure.deviceClass     // "pressure"
/// pressure.timeout         // 3 minutes: three intervals of 60 s
/// ```
public struct SensorInputDeclaration: Hashable, Sendable {
    public var name: String
    /// The device, its channel and the unit its values are shown in.
    public var sensor: Sensor
    /// How often the sensor is read.
    public var interval: Duration
    /// How long after its last good read the value becomes unavailable.
    public var timeout: Duration
    /// `initial:`: the value until the first read; nil, the default: unavailable.
    public var initial: Double?
    /// Home Assistant's `device_class`: the channel's quantity unless `device_class:` says.
    public var deviceClass: String?
    /// Its unit (the sensor's), precision, filters and state class.
    public var number: NumberDeclaration
    /// `name:`: the name people read (Home Assistant's entity name); nil shows the
    /// identifier made readable (`HomeAssistantEntityName`). Not an identifier: topics,
    /// references and entity ids keep `name`.
    public var displayName: String? = nil
    /// `internal: true`: kept out of MQTT and Home Assistant (no entity, no state or
    /// command topic); the graph, the log, `status` and `why` see it as any other node.
    public var isInternal = false
    public var location: SourceLocation

    /// A minute between reads: what a room's temperature needs.
    public static let defaultInterval = Duration.seconds(60)
    /// A read that failed, or a device that went, is not the end of a value at once:
    /// two reads more may bring it back.
    public static let intervalsBeforeTimeout = 3

    /// `timeout` is three intervals and `deviceClass` the quantity's class unless given.
    public init(name: String, sensor: Sensor, interval: Duration = defaultInterval, timeout: Duration? = nil,
                initial: Double? = nil, deviceClass: String? = nil, number: NumberDeclaration? = nil,
                location: SourceLocation) {
        self.name = name
        self.sensor = sensor
        self.interval = interval
        self.timeout = timeout ?? interval * Self.intervalsBeforeTimeout
        self.initial = initial
        self.deviceClass = deviceClass ?? Self.deviceClass(of: sensor.quantity)
        var number = number ?? NumberDeclaration()
        number.unit = sensor.unit
        self.number = number
        self.location = location
    }

    /// Home Assistant's `sensor` class for what a channel measures; nil where it has none.
    public static func deviceClass(of quantity: SensorQuantity) -> String? {
        switch quantity {
        case .temperature: "temperature"
        case .humidity: "humidity"
        case .pressure: "pressure"
        case .voltage: "voltage"
        case .current: "current"
        case .power: "power"
        case .illuminance: "illuminance"
        case .rotation: nil
        }
    }
}

/// One channel of one kernel device as `gpioagg detect` shows it: the sensor, pinned to
/// its place (`at: 1-0077`) when its device's name is not unique, what a read of it gave,
/// and the config line that reads it.
///
/// ```swift
/// let found = SensorEnumeration(root: "/sys").detect()
/// found[0].sensor.description   // "iio bme280 channel temp"
/// found[0].outcome              // .success(21.54) in °C, .failure(why), nil when not read
/// found[0].configLine           // "bme280_temp: { iio: bme280, channel: temp }"
/// ```
public struct DetectedSensor: Hashable, Sendable {
    /// The channel, its device pinned to `location` when another device has its name.
    public let sensor: Sensor
    /// Where the device sits (`1-0077`), whether or not the config needs to say it.
    public let location: String?
    /// The value in `sensor.unit`, or why a read gave none; nil when nothing was read
    /// (a simulated board's thermal zone: a simulated sensor input is set by hand).
    public let outcome: Result<Double, SensorFailure>?
    /// A name for the input that reads it, valid in a config and unique among the
    /// sensors found together.
    public let inputName: String
    /// `bme280_temp: { iio: bme280, channel: temp }`, the input to paste under
    /// `inputs:`; nil when no `at:` picks the device alone (two devices of one name
    /// with no place, two thermal zones of one type).
    public let configLine: String?

    public init(sensor: Sensor, location: String?, outcome: Result<Double, SensorFailure>?, inputName: String,
                selectable: Bool) {
        self.sensor = sensor
        self.location = location
        self.outcome = outcome
        self.inputName = inputName
        configLine = selectable ? SensorConfigLine.line(name: inputName, sensor: sensor) : nil
    }

    /// The `at:` the config needs: the place of a device whose name is not unique.
    public var at: String? {
        switch sensor.device {
        case .iio(_, let at), .hwmon(_, let at): at
        case .thermal, .w1: nil
        }
    }

    /// The device's name as the config's source key takes it: `bme280`, `cpu-thermal`,
    /// `28-0316a2793cff`.
    public var deviceName: String { SensorConfigLine.deviceName(sensor.device) }

    /// The read's failure, if it failed.
    public var failure: SensorFailure? {
        if case .failure(let failure) = outcome { return failure }
        return nil
    }

    /// The value, if a read gave one.
    public var value: Double? {
        if case .success(let value) = outcome { return value }
        return nil
    }
}

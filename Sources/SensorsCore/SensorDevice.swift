/// A kernel device that gives sensor values, named as the kernel names it, and where
/// two devices share a name, by where it sits.
///
/// `at` is the device's place on its bus, stable across reboots where the device
/// number (`iio:device0`, `hwmon2`) is not: for an I²C chip, its bus and address as the
/// kernel writes them (`1-0077`: bus 1, address 0x77). It is the last component of the
/// target of the device folder's `device` link (hwmon), or else of the folder the
/// device folder sits in (IIO: `/sys/devices/.../i2c-1/1-0077/iio:device0`). Nil
/// matches any place, and is an error when more than one device has the name.
///
/// ```swift
/// let air: SensorDevice = .iio(name: "bme280")                  // the only bme280
/// let outside: SensorDevice = .iio(name: "bme280", at: "1-0077")
/// let cpu: SensorDevice = .thermal(type: "cpu-thermal")
/// let tank: SensorDevice = .w1(id: "28-0316a2793cff")
/// outside.description   // "iio bme280 at 1-0077"
/// ```
public enum SensorDevice: Hashable, Sendable, CustomStringConvertible {
    /// An IIO device by its `name` attribute (`/sys/bus/iio/devices/iio:deviceN/name`).
    case iio(name: String, at: String? = nil)
    /// A hwmon device by its `name` attribute (`/sys/class/hwmon/hwmonN/name`).
    case hwmon(name: String, at: String? = nil)
    /// A thermal zone by its `type` attribute (`/sys/class/thermal/thermal_zoneN/type`).
    case thermal(type: String)
    /// A 1-Wire slave by its id (`/sys/bus/w1/devices/28-0316a2793cff`).
    case w1(id: String)

    /// What kind of source it is, as the config's key names it.
    public var kind: SensorSourceKind {
        switch self {
        case .iio: .iio
        case .hwmon: .hwmon
        case .thermal: .thermal
        case .w1: .w1
        }
    }

    /// The same device pinned to `location`.
    package func located(at location: String?) -> SensorDevice {
        switch self {
        case .iio(let name, _): .iio(name: name, at: location)
        case .hwmon(let name, _): .hwmon(name: name, at: location)
        case .thermal, .w1: self
        }
    }

    public var description: String {
        switch self {
        case .iio(let name, let at): "iio \(name)" + (at.map { " at \($0)" } ?? "")
        case .hwmon(let name, let at): "hwmon \(name)" + (at.map { " at \($0)" } ?? "")
        case .thermal(let type): "thermal \(type)"
        case .w1(let id): "w1 \(id)"
        }
    }
}

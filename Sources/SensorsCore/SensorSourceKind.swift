/// The four kinds of kernel sensor source, each with its own folder under the sysfs root
/// and its own units (`SensorUnits`).
///
/// ```swift
/// SensorSourceKind.hwmon.classFolder   // "class/hwmon"
/// ```
public enum SensorSourceKind: String, Hashable, Sendable, CaseIterable {
    case iio, hwmon, thermal, w1

    /// The folder, under the sysfs root, that lists the devices of this kind.
    public var classFolder: String {
        switch self {
        case .iio: "bus/iio/devices"
        case .hwmon: "class/hwmon"
        case .thermal: "class/thermal"
        case .w1: "bus/w1/devices"
        }
    }

    /// How the device folders of this kind begin (`hwmon` for `hwmon2`); the other entries
    /// of the class folder (the 1-Wire bus masters, thermal cooling devices) are not devices.
    package var folderPrefix: String {
        switch self {
        case .iio: "iio:device"
        case .hwmon: "hwmon"
        case .thermal: "thermal_zone"
        case .w1: ""
        }
    }

    /// The attribute that names a device of this kind; nil for 1-Wire, named by its folder.
    package var nameAttribute: String? {
        switch self {
        case .iio, .hwmon: "name"
        case .thermal: "type"
        case .w1: nil
        }
    }
}

import SystemCore

/// Which files of a located device give a channel's value, decided once when the
/// device is found (`SensorSession`), so that a read opens only them.
///
/// ```swift
/// // an IIO channel without in_temp_input:
/// SensorReadPlan.raw(raw: ".../in_temp_raw", offset: ".../in_temp_offset", scale: ".../in_temp_scale")
/// ```
enum SensorReadPlan: Hashable, Sendable {
    /// One file holding the value in the kernel's unit (`in_temp_input`, `temp1_input`,
    /// a thermal zone's `temp`, a 1-Wire `temperature`).
    case input(String)
    /// IIO's `(raw + offset) * scale`; offset 0 and scale 1 where the files are absent.
    case raw(raw: String, offset: String?, scale: String?)
    /// A 1-Wire `w1_slave`: the CRC line, then `t=` in m°C.
    case w1Slave(String)

    /// The plan for `sensor` in `folder`; nil when the device has no file for the channel.
    static func plan(for sensor: Sensor, in folder: String) -> SensorReadPlan? {
        func file(_ name: String) -> String? {
            let path = folder + "/" + name
            return SysfsFiles.exists(path) ? path : nil
        }
        switch sensor.device.kind {
        case .iio:
            // sysfs-bus-iio: a channel's own in_<channel>_offset and _scale, else the
            // ones its type shares (in_voltage_scale for in_voltage0_raw).
            let channel = sensor.channel
            let type = SensorUnits.channelType(of: channel)
            if let input = file("in_\(channel)_input") { return .input(input) }
            guard let raw = file("in_\(channel)_raw") else { return nil }
            return .raw(raw: raw,
                        offset: file("in_\(channel)_offset") ?? file("in_\(type)_offset"),
                        scale: file("in_\(channel)_scale") ?? file("in_\(type)_scale"))
        case .hwmon:
            return file("\(sensor.channel)_input").map { .input($0) }
        case .thermal:
            return file("temp").map { .input($0) }
        case .w1:
            if let temperature = file("temperature") { return .input(temperature) }
            return file("w1_slave").map { .w1Slave($0) }
        }
    }

    /// The file named in a failure: the value's own.
    var path: String {
        switch self {
        case .input(let path), .w1Slave(let path): path
        case .raw(let raw, _, _): raw
        }
    }
}

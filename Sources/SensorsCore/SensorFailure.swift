import SystemCore

/// Why a read gave no value: never a number made up in its place. Each names the
/// device and, where a file was read, its path.
///
/// ```swift
/// if case .failed(let failure) = reading.outcome {
///     print(failure)  // w1 28-0316a2793cff: the CRC of /sys/bus/w1/devices/28-.../w1_slave
///                     // says NO (a bad read on the bus): the value is not taken
/// }
/// ```
public struct SensorFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Cause: Hashable, Sendable {
        /// No device of the name (`others`: the ones of the name at other places, when
        /// the sensor named a place).
        case notFound(others: [SensorDevice])
        /// More than one device of the name, and no place given: each with its selector.
        case ambiguous(candidates: [SensorDevice])
        /// It was found before, and its folder is gone (unbound, unplugged); it is found
        /// again by itself when it comes back.
        case disappeared
        /// The device has no file for the channel.
        case noChannel
        /// `w1_slave`'s first line ends `crc=XX NO`.
        case crcMismatch
        /// 85.000 °C, a DS18B20's power-on value, not yet confirmed by a second read.
        case powerOnValue
        /// `open` or `read` failed.
        case readFailed(SystemCallError)
        /// The file's text is not what the kernel writes there.
        case unparsable(text: String)
        /// What the files give, scaled or converted to the sensor's unit, is past what a
        /// `Double` holds (an IIO raw value times its scale, 1e306 kPa in Pa): no number,
        /// so no value.
        case notFinite(computation: String)
        /// No read came back within the time given (nanoseconds): a read still under
        /// way, on a bus or device that hangs (`gpioagg detect`).
        case notAnswering(within: UInt64)
    }

    public let device: SensorDevice
    public let cause: Cause
    /// The file read, where one was.
    public let path: String?

    public init(device: SensorDevice, cause: Cause, path: String? = nil) {
        (self.device, self.cause, self.path) = (device, cause, path)
    }

    public var description: String {
        let file = path ?? "its folder"
        switch cause {
        case .notFound(let others) where others.isEmpty:
            return "\(device): no such device under the sysfs root; `gpioagg detect` lists the sensors there"
        case .notFound(let others):
            return "\(device): no such device; the devices of that name are "
                + others.map { "'\($0)'" }.joined(separator: ", ")
        case .ambiguous(let candidates):
            return "\(device): \(candidates.count) devices have that name; name one by where it sits: "
                + candidates.map { "'\($0)'" }.joined(separator: ", ")
        case .disappeared:
            return "\(device): the device is gone (\(file)); it is read again when it comes back"
        case .noChannel:
            return "\(device): no \(file) (the channel is not one this device has)"
        case .crcMismatch:
            return "\(device): the CRC of \(file) says NO (a bad read on the bus): the value is not taken"
        case .powerOnValue:
            return "\(device): 85.000 °C in \(file), the power-on value of a sensor that did not convert: "
                + "taken only when the next read confirms it"
        case .readFailed(let error):
            return "\(device): reading \(file): \(error)"
        case .unparsable(let text):
            return "\(device): \(file) holds '\(text)', not a value the kernel writes"
        case .notFinite(let computation):
            return "\(device): overflow: \(computation) from \(file) is not a finite number: the value is not taken"
        case .notAnswering(let within):
            let limit = within % 1_000_000_000 == 0 ? "\(within / 1_000_000_000)s" : "\(within / 1_000_000)ms"
            return "\(device): no answer within \(limit) (a read still under way: a bus or device that hangs)"
        }
    }
}

import Locks
import SystemCore

/// Every sensor under a sysfs root, as `gpioagg detect` lists them: each IIO device
/// with the channels `SensorUnits` knows (read from `_input`, or `_raw` with its offset
/// and scale), each hwmon device with its `temp*`, `in*`, `humidity*`, `fan*`, `power*`
/// and `curr*` inputs, each thermal zone, and each 1-Wire thermometer (`W1Family`; the
/// bus masters and other slaves left out), in that order.
///
/// `detect()` reads each one once, with the daemon's reader (`SensorReader`): a 1-Wire
/// thermometer's read takes its conversion, up to 750 ms at 12 bits, after one bulk
/// conversion per bus master with several, and devices are read side by side. A failed
/// read is listed with its failure, never with a number; a read that has not returned
/// within `answerLimit` is listed as not answering, so that a bus that hangs never
/// holds the command.
///
/// ```swift
/// for found in SensorEnumeration(root: "/sys").detect() {
///     print(found.sensor, found.outcome as Any, found.configLine ?? "-")
/// }
/// ```
public struct SensorEnumeration: Sendable {
    public let locator: SensorLocator

    public init(root: String = "/sys") {
        locator = SensorLocator(root: root)
    }

    public var root: String { locator.root }

    /// One device's channel before it is read, with whether `at:` picks its device alone.
    struct Channel {
        let sensor: Sensor
        let location: String?
        let selectable: Bool
    }

    /// How long `detect` waits for its reads: a DS18B20's conversion takes 750 ms, a bus
    /// of them after a bulk conversion not much more; a read still under way then is a
    /// bus or device that does not answer.
    public static let answerLimit: UInt64 = 5_000_000_000

    /// Every sensor, each read once, within `limit` (nanoseconds): a read that has not
    /// returned by then is listed as not answering (and with it, what waits behind it on
    /// its 1-Wire bus), and left to its thread.
    public func detect(within limit: UInt64 = Self.answerLimit) -> [DetectedSensor] {
        let found = channels()
        let outcomes = Self.read(found.map(\.sensor), root: root, within: limit)
        let names = SensorConfigLine.unique(found.map { SensorConfigLine.suggestedName(for: $0.sensor) })
        return found.indices.map { index in
            let sensor = found[index].sensor
            let outcome = outcomes[sensor] ?? .failure(SensorFailure(device: sensor.device, cause: .notAnswering(within: limit)))
            return DetectedSensor(sensor: sensor, location: found[index].location, outcome: outcome,
                                  inputName: names[index], selectable: found[index].selectable)
        }
    }

    /// One batch on a `SensorReader` of its own, delivered within `limit`: each sensor's
    /// outcome, none for a read still under way.
    private static func read(_ sensors: [Sensor], root: String,
                             within limit: UInt64) -> [Sensor: Result<Double, SensorFailure>] {
        guard !sensors.isEmpty else { return [:] }
        let outcomes = LockedValueBox<[Sensor: Result<Double, SensorFailure>]>([:])
        let arrived = Semaphore()
        do throws(SystemCallError) {
            let reader = try SensorReader(root: root) { readings in
                outcomes.withLockedValue { for reading in readings { $0[reading.sensor] = reading.outcome } }
                arrived.signal()
            }
            defer { reader.stop() }
            reader.submit(sensors, patience: limit)
            // The batch's delivery comes by the limit, unless every read hangs.
            _ = arrived.wait(timeout: .nanoseconds(Int64(clamping: limit)) + .seconds(1))
        } catch {
            // No thread to read on: each read in turn on this one, as without a reader.
            let locator = SensorLocator(root: root)
            for reading in SensorReader.read(sensors.map { SensorSession(sensor: $0, locator: locator) }) {
                outcomes.withLockedValue { $0[reading.sensor] = reading.outcome }
            }
        }
        return outcomes.withLockedValue { $0 }
    }

    /// A board's thermal zones as a simulated board has them: listed, not read.
    public static func simulated(thermalZones: [String]) -> [DetectedSensor] {
        let sensors = thermalZones.compactMap { try? Sensor(device: .thermal(type: $0)) }
        let names = SensorConfigLine.unique(sensors.map(SensorConfigLine.suggestedName(for:)))
        return sensors.indices.map { index in
            DetectedSensor(sensor: sensors[index], location: nil, outcome: nil, inputName: names[index],
                           selectable: true)
        }
    }

    /// Every channel of every device, unread, in the order `detect()` lists them.
    func channels() -> [Channel] {
        SensorSourceKind.allCases.flatMap { kind -> [Channel] in
            var devices = locator.devices(of: kind)
            if kind == .w1 { devices = devices.filter { W1Family(id: $0.name) != nil } }
            return devices.flatMap { found -> [Channel] in
                let (device, selectable) = Self.selector(for: found, kind: kind, among: devices)
                return Self.channelNames(of: kind, in: found.folder).compactMap { channel in
                    guard let sensor = try? Sensor(device: device, channel: channel) else { return nil }
                    return Channel(sensor: sensor, location: found.location, selectable: selectable)
                }
            }
        }
    }

    /// The device as the config names it: by its name, and by its place too when another
    /// device of the kind has the name; not selectable when nothing tells them apart.
    static func selector(for found: SensorLocator.Found, kind: SensorSourceKind,
                         among devices: [SensorLocator.Found]) -> (SensorDevice, selectable: Bool) {
        let namesakes = devices.filter { $0.name == found.name }
        switch kind {
        case .w1:
            return (.w1(id: found.name), true)
        case .thermal:
            return (.thermal(type: found.name), namesakes.count == 1)
        case .iio, .hwmon:
            let unique = namesakes.count == 1
            let place = unique ? nil : found.location
            let placeUnique = place.map { place in namesakes.filter { $0.location == place }.count == 1 } ?? false
            let device: SensorDevice = kind == .iio ? .iio(name: found.name, at: place) : .hwmon(name: found.name, at: place)
            return (device, unique || placeUnique)
        }
    }
}

/// Every sensor under a sysfs root, as `gpioagg detect` lists them: each IIO device
/// with the channels `SensorUnits` knows (read from `_input`, or `_raw` with its offset
/// and scale), each hwmon device with its `temp*`, `in*`, `humidity*`, `fan*`, `power*`
/// and `curr*` inputs, each thermal zone, and each 1-Wire thermometer (`W1Family`; the
/// bus masters and other slaves left out), in that order.
///
/// `detect()` reads each one once, with the reader's own code (`SensorSession`), on the
/// caller's thread: a 1-Wire thermometer's read takes its conversion, up to 750 ms at
/// 12 bits, after one bulk conversion per bus master with several. A failed read is
/// listed with its failure, never with a number.
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

    /// Every sensor, each read once.
    public func detect() -> [DetectedSensor] {
        let found = channels()
        let sessions = found.map { SensorSession(sensor: $0.sensor, locator: locator) }
        let readings = SensorReader.read(sessions)
        let names = SensorConfigLine.unique(found.map { SensorConfigLine.suggestedName(for: $0.sensor) })
        return found.indices.map { index in
            DetectedSensor(sensor: found[index].sensor, location: found[index].location,
                           outcome: readings[index].outcome, inputName: names[index],
                           selectable: found[index].selectable)
        }
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

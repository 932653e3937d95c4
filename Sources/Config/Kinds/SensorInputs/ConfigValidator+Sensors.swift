import HomeAssistantClasses
import SensorsCore
import Values

/// The reader for inputs with a kernel sensor as their source (`iio:`, `hwmon:`,
/// `thermal:`, `w1:`).
extension ConfigValidator {
    /// Whether `settings` declare a sensor input: a source key, or `channel:` or `at:`
    /// with no line, command or topic (reported as naming no device).
    static func declaresSensor(_ settings: [SourceNode.Entry]) -> Bool {
        let keys = Set(settings.map(\.key))
        if !keys.isDisjoint(with: SensorInputSchema.sourceNames) { return true }
        return !keys.isDisjoint(with: ["channel", "at"]) && keys.isDisjoint(with: ["chip", "line", "command", "topic"])
    }

    /// `NAME: { iio: bme280, channel: pressure, unit: hPa, interval: 10s }`: the source
    /// and its channel are checked against the `Sensors` unit table, and `unit:` against
    /// the channel's quantity; the input's unit is the sensor's.
    mutating func readSensorInput(_ entry: SourceNode.Entry, settings: [SourceNode.Entry], what: String) {
        checkKeys(settings, allowed: SensorInputSchema.keyNames, place: "in \(what)", elsewhere: Self.anyInputKeys,
                  kindNote: SensorInputSchema.title)
        if valueKinds[entry.key] == nil { valueKinds[entry.key] = .number }
        let sources = settings.filter { SensorInputSchema.sourceNames.contains($0.key) }
        if sources.count > 1 {
            report(sources[1].keyLocation, "\(what) has two sources, \(sources[0].key): and \(sources[1].key):",
                   hint: "an input reads one sensor: keep one of " + sources.map { "\($0.key):" }.joined(separator: ", "))
            return
        }
        guard let source = sources.first else {
            let key = settings.first { $0.key == "at" || $0.key == "channel" }!
            report(key.keyLocation, "\(key.key): in \(what) names no device",
                   hint: "\(key.key): goes with the device's name, e.g. "
                       + "\(entry.key): { iio: bme280, channel: temp, at: 1-0077 } or { hwmon: lm75, channel: temp1 }")
            return
        }
        guard let kind = SensorSourceKind(rawValue: source.key), let name = text(source, in: what) else { return }
        var valid = true
        var channel: SourceNode.Entry?
        var at: String?
        var interval = SensorInputDeclaration.defaultInterval
        var timeout: Duration?
        var initial: Double?
        var deviceClass: String?
        var displayName: String?
        var isInternal = false
        for setting in settings {
            switch setting.key {
            case "channel":
                guard text(setting, in: what) != nil else { valid = false; continue }
                channel = setting
            case "at":
                guard let place = text(setting, in: what) else { valid = false; continue }
                guard kind == .iio || kind == .hwmon else {
                    report(setting.keyLocation, "at: does not apply to \(kind.rawValue): (\(what))",
                           hint: "at: picks one of several IIO or hwmon devices of one name, e.g. "
                               + "{ iio: bme280, at: 1-0077 }; a \(kind == .w1 ? "1-Wire id" : "thermal zone's type") is unique")
                    valid = false
                    continue
                }
                at = place
            case "interval":
                guard let value = timeSetting(setting, in: what, zeroAllowed: false) else { valid = false; continue }
                interval = value
            case "timeout":
                guard let value = timeSetting(setting, in: what, zeroAllowed: false) else { valid = false; continue }
                timeout = value
            case "initial":
                if setting.value.scalarText == "unavailable" { continue }
                guard let value = decimal(setting, in: what) else { valid = false; continue }
                initial = value
            case "device_class":
                guard let value = self.deviceClass(setting, for: HomeAssistantComponent.sensor, in: what)
                else { valid = false; continue }
                deviceClass = value
            case Self.displayNameKey:
                displayName = self.displayName(setting, in: what)
            case "internal":
                isInternal = onOff(setting, in: what) ?? false
            default:
                break
            }
        }
        if let timeout, timeout < interval {
            let entry = settings.first { $0.key == "timeout" }!
            report(entry.value.location, "timeout: in \(what) is shorter than its interval (\(ReadableDuration.format(interval)))",
                   hint: "timeout: is how long a value lasts without a good read: at least one interval "
                       + "(default \(SensorInputDeclaration.intervalsBeforeTimeout) intervals)")
            valid = false
        }
        let unitEntry = settings.first { $0.key == "unit" }
        if channel == nil, kind == .iio || kind == .hwmon {
            report(source.keyLocation, "\(what) needs channel: (an \(kind.rawValue) device has several)",
                   hint: "e.g. \(entry.key): { \(kind.rawValue): \(name), channel: \(kind == .iio ? "temp" : "temp1") }")
            valid = false
        }
        guard let (number, _) = numberSettings(settings, in: what), valid else { return }
        let device: SensorDevice = switch kind {
        case .iio: .iio(name: name, at: at)
        case .hwmon: .hwmon(name: name, at: at)
        case .thermal: .thermal(type: name)
        case .w1: .w1(id: name)
        }
        let sensor: Sensor
        do throws(SensorRefusal) {
            sensor = try Sensor(device: device, channel: channel?.value.scalarText,
                                unit: unitEntry.map { _ in number.unit })
        } catch {
            let place = switch error {
            case .unknownChannel: channel?.value.location ?? source.keyLocation
            case .wrongUnit: unitEntry?.value.location ?? source.keyLocation
            }
            report(place, "\(what): \(error)", hint: Self.sensorHint(for: error))
            return
        }
        inputUnits[entry.key] = sensor.unit
        var declaration = SensorInputDeclaration(
            name: entry.key, sensor: sensor, interval: interval, timeout: timeout, initial: initial,
            deviceClass: deviceClass, number: number, location: entry.keyLocation)
        declaration.displayName = displayName
        declaration.isInternal = isInternal
        sensorInputs.append(declaration)
    }

    private static func sensorHint(for refusal: SensorRefusal) -> String {
        switch refusal {
        case .unknownChannel(let device, _) where device.kind == .thermal || device.kind == .w1:
            return "a \(device.kind.rawValue) source has one channel: leave channel: out"
        case .unknownChannel:
            return "docs/SENSORS.md lists each source's channels and units"
        case .wrongUnit(_, _, _, let quantity):
            return "leave unit: out for \(quantity.displayUnit.symbol), or write one of "
                + quantity.units.map(\.symbol.symbol).joined(separator: ", ")
        }
    }
}

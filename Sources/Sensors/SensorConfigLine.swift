/// The config's words for a sensor input, as `gpioagg detect` prints them: a name for
/// the input, made from the device and the channel, and the line that declares it,
/// `air: { iio: bme280, channel: temp }`, in the keys docs/CONFIG.md lists (`at:` only
/// when the device's name is not unique, `channel:` only for IIO and hwmon).
///
/// ```swift
/// SensorConfigLine.suggestedName(for: cpu)   // "cpu" (from cpu-thermal)
/// SensorConfigLine.line(name: "cpu", sensor: cpu)   // "cpu: { thermal: cpu-thermal }"
/// ```
public enum SensorConfigLine {
    /// The longest name a config takes (the config's own limit).
    static let maximumNameLength = 64

    /// `name: { source: device[, at: place][, channel: channel] }`.
    public static func line(name: String, sensor: Sensor) -> String {
        var settings = [sensor.device.kind.rawValue + ": " + scalar(deviceName(sensor.device))]
        switch sensor.device {
        case .iio(_, let at?), .hwmon(_, let at?): settings.append("at: " + scalar(at))
        default: break
        }
        if sensor.device.kind == .iio || sensor.device.kind == .hwmon {
            settings.append("channel: " + scalar(sensor.channel))
        }
        return name + ": { " + settings.joined(separator: ", ") + " }"
    }

    /// A name made from the device and the channel, valid as a config name
    /// (`[A-Za-z_][A-Za-z0-9_-]*`, at most 64 characters): `bme280_temp`,
    /// `bme280_1-0077_temp` for one of two, `lm75_temp1`, `cpu` for the thermal zone
    /// `cpu-thermal`, `ds18b20_0316a2793cff` for a 1-Wire thermometer.
    public static func suggestedName(for sensor: Sensor) -> String {
        let words: [String]
        switch sensor.device {
        case .iio(let name, let at), .hwmon(let name, let at):
            words = [name] + (at.map { [$0] } ?? []) + [sensor.channel]
        case .thermal(let type):
            var base = type
            for suffix in ["-thermal", "_thermal"] where base.hasSuffix(suffix) && base.count > suffix.count {
                base = String(base.dropLast(suffix.count))
            }
            words = [base]
        case .w1(let id):
            let serial = id.firstIndex(of: "-").map { String(id[id.index(after: $0)...]) } ?? id
            words = [W1Family(id: id).map { $0.chip.lowercased() } ?? "w1", serial]
        }
        var name = String(words.joined(separator: "_").unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
                ? Character(scalar) : "_"
        })
        if let first = name.unicodeScalars.first, !(first.properties.isAlphabetic || first == "_") {
            name = sensor.device.kind.rawValue + "_" + name
        }
        return String(name.prefix(maximumNameLength))
    }

    /// `names` made unique, in order: a repeat gets `_2`, `_3`... (shortened to fit).
    public static func unique(_ names: [String]) -> [String] {
        var taken = Set<String>()
        return names.map { name in
            var candidate = name
            var number = 2
            while taken.contains(candidate) {
                let suffix = "_\(number)"
                candidate = String(name.prefix(maximumNameLength - suffix.count)) + suffix
                number += 1
            }
            taken.insert(candidate)
            return candidate
        }
    }

    static func deviceName(_ device: SensorDevice) -> String {
        switch device {
        case .iio(let name, _), .hwmon(let name, _): name
        case .thermal(let type): type
        case .w1(let id): id
        }
    }

    /// The text as a YAML scalar: as it is when YAML reads it back as the same text in a
    /// flow mapping (letters, digits, `_`, `-`, `.`, not starting with `-` or `.`), in
    /// double quotes otherwise.
    static func scalar(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == "-" || scalar == ".")
        } && !text.hasPrefix("-") && !text.hasPrefix(".")
        if plain { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20: quoted += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

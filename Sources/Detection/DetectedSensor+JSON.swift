import JSON
import Sensors

extension DetectedSensor {
    /// `{"source": "iio", "name": "bme280", "at": null, "channel": "temp", "value": 21.54,
    /// "unit": "°C", "failure": null, "config": "...", "simulated": false}`: every key always
    /// there, `null` where there is nothing to say.
    public var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        // Six places: the kernel's raw value times its scale carries binary noise past them.
        let rounded = value.map { ($0 * 1_000_000).rounded() / 1_000_000 }
        return .object(JSONObject([
            "source": .string(sensor.device.kind.rawValue),
            "name": .string(deviceName),
            "at": text(at),
            "channel": .string(sensor.channel),
            "value": rounded.map { .number($0) } ?? .null,
            "unit": .string(sensor.unit.symbol),
            "failure": text(failure?.description),
            "config": text(configLine),
            "simulated": .bool(outcome == nil),
        ]))
    }
}

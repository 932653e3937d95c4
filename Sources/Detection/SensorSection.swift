import GPIO
import Sensors
import Values

/// The sensors section of `gpioagg detect`: a heading, then one aligned row per channel
/// (device, channel, value, config line) and, under a failed read, why.
public struct SensorSection {
    public let found: [DetectedSensor]
    /// The sysfs root they were found under.
    public let root: String
    /// The board whose thermal zones are listed unread, under `--simulate`.
    public let simulatedBoard: BoardProfile?

    public init(found: [DetectedSensor], root: String, simulatedBoard: BoardProfile?) {
        (self.found, self.root, self.simulatedBoard) = (found, root, simulatedBoard)
    }

    /// ```
    /// sensors under /sys:
    ///   iio bme280           temp  21.54 °C  bme280_temp: { iio: bme280, channel: temp }
    ///   thermal cpu-thermal  temp  48.31 °C  cpu: { thermal: cpu-thermal }
    /// ```
    public var lines: [String] {
        guard !found.isEmpty else {
            if let simulatedBoard { return ["no thermal zones known for the simulated \(simulatedBoard.model)"] }
            return ["no sensors found under \(root)"]
        }
        let heading = simulatedBoard.map {
            "sensors of the simulated \($0.model) (not read: a simulated sensor input takes its value from gpioagg sim set):"
        } ?? "sensors under \(root):"
        let rows = found.map { [$0.sensor.device.description, $0.sensor.channel, Self.valueText($0),
                                $0.configLine ?? "(no config line: nothing tells the devices of this name apart)"] }
        var widths = [Int](repeating: 0, count: 3)
        for row in rows {
            for column in 0..<3 { widths[column] = max(widths[column], row[column].count) }
        }
        var lines = [heading]
        for (sensor, row) in zip(found, rows) {
            let padded = (0..<3).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }
            lines.append("  " + (padded + [row[3]]).joined(separator: "  "))
            if let failure = sensor.failure { lines.append("      \(failure)") }
        }
        return lines
    }

    /// `21.54 °C`, `no value` after a failed read, `simulated` when not read.
    private static func valueText(_ sensor: DetectedSensor) -> String {
        switch sensor.outcome {
        case .success(let value)?: NodeValue.number(value, sensor.sensor.unit).text(precision: NodeValue.defaultPrecision)
        case .failure?: "no value"
        case nil: "simulated"
        }
    }
}

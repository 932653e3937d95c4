/// The one table of kernel units: what each source's channel measures and the factor
/// that turns the kernel's unit into the display unit (docs/SENSORS.md lists it).
///
/// | source | channel | kernel unit | display unit |
/// | --- | --- | --- | --- |
/// | iio | `temp` | m°C | °C |
/// | iio | `humidityrelative` | m% | % |
/// | iio | `pressure` | kPa | kPa |
/// | iio | `voltage` | mV | V |
/// | iio | `current` | mA | A |
/// | iio | `illuminance` | lx | lx |
/// | hwmon | `temp` | m°C | °C |
/// | hwmon | `in` | mV | V |
/// | hwmon | `humidity` | m% | % |
/// | hwmon | `fan` | RPM | RPM |
/// | hwmon | `power` | µW | W |
/// | hwmon | `curr` | mA | A |
/// | thermal | `temp` | m°C | °C |
/// | w1 | `temperature`, `w1_slave` | m°C | °C |
///
/// ```swift
/// SensorUnits.row(for: .hwmon, channelType: "power")   // power, factor 0.000001
/// SensorUnits.channelType(of: "voltage0")              // "voltage"
/// ```
public enum SensorUnits {
    /// One row of the table.
    public struct Row: Hashable, Sendable {
        public let source: SensorSourceKind
        /// The channel's type: its name without the index (`temp` for `temp1`).
        public let channelType: String
        public let quantity: SensorQuantity
        /// Display value = kernel value * `factor`.
        public let factor: Double
    }

    public static let table: [Row] = [
        Row(source: .iio, channelType: "temp", quantity: .temperature, factor: 0.001),
        Row(source: .iio, channelType: "humidityrelative", quantity: .humidity, factor: 0.001),
        Row(source: .iio, channelType: "pressure", quantity: .pressure, factor: 1),
        Row(source: .iio, channelType: "voltage", quantity: .voltage, factor: 0.001),
        Row(source: .iio, channelType: "current", quantity: .current, factor: 0.001),
        Row(source: .iio, channelType: "illuminance", quantity: .illuminance, factor: 1),
        Row(source: .hwmon, channelType: "temp", quantity: .temperature, factor: 0.001),
        Row(source: .hwmon, channelType: "in", quantity: .voltage, factor: 0.001),
        Row(source: .hwmon, channelType: "humidity", quantity: .humidity, factor: 0.001),
        Row(source: .hwmon, channelType: "fan", quantity: .rotation, factor: 1),
        Row(source: .hwmon, channelType: "power", quantity: .power, factor: 0.000_001),
        Row(source: .hwmon, channelType: "curr", quantity: .current, factor: 0.001),
        Row(source: .thermal, channelType: "temp", quantity: .temperature, factor: 0.001),
        Row(source: .w1, channelType: "temperature", quantity: .temperature, factor: 0.001),
    ]

    /// The row for a channel of `source`; nil for a channel type the table does not have.
    public static func row(for source: SensorSourceKind, channelType: String) -> Row? {
        table.first { $0.source == source && $0.channelType == channelType }
    }

    /// The channels of each source, as `Sensor`'s refusal lists them.
    public static func channelTypes(of source: SensorSourceKind) -> [String] {
        table.filter { $0.source == source }.map(\.channelType)
    }

    /// A channel's type: its name up to the first digit or underscore (`voltage` for
    /// `voltage0`, `temp` for `temp1` and `temp_ambient`).
    public static func channelType(of channel: String) -> String {
        String(channel.prefix { !$0.isNumber && $0 != "_" })
    }
}

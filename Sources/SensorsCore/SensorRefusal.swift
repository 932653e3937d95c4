import Values

/// Why a sensor cannot be declared as written: a channel its source does not have, or a
/// unit that is not one of its quantity's. The config names the place of the fault
/// (`FILE:LINE:COL`) in front of `description`, which says what to write instead.
///
/// ```swift
/// do throws(SensorRefusal) {
///     _ = try Sensor(device: .iio(name: "bme280"), channel: "temp", unit: "hPa")
/// } catch {
///     print(error)  // unit 'hPa' is a pressure unit, and iio bme280 channel temp is a
///                   // temperature (°C); write one of °C, K, °F
/// }
/// ```
public enum SensorRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The channel's type is not in `SensorUnits`' table for the source.
    case unknownChannel(SensorDevice, channel: String)
    /// The unit is a unit of another quantity, or of none.
    case wrongUnit(SensorDevice, channel: String, unit: MeasurementUnit, quantity: SensorQuantity)

    public var description: String {
        switch self {
        case .unknownChannel(let device, let channel):
            let known = SensorUnits.channelTypes(of: device.kind)
            return "\(device) has no channel '\(channel)' gpioagg knows; a \(device.kind.rawValue) channel is one of "
                + known.joined(separator: ", ") + " (with its index where the kernel numbers it, as temp1)"
        case .wrongUnit(let device, let channel, let unit, let quantity):
            let choices = quantity.units.map(\.symbol.symbol).joined(separator: ", ")
            let what = SensorQuantity.quantity(of: unit).map { "a \($0) unit" } ?? "no unit of any sensor"
            return "unit '\(unit.symbol)' is \(what), and \(device) channel \(channel) is a \(quantity) "
                + "(\(quantity.displayUnit.symbol)); write one of \(choices)"
        }
    }
}

import Values

/// One channel of one kernel device, and the unit its values come out in: what a numeric
/// input with a kernel source reads.
///
/// The channel is the kernel's (`temp`, `humidityrelative`, `voltage0` for IIO; `temp1`,
/// `in0`, `fan1` for hwmon); a thermal zone has one, `temp`, and a 1-Wire thermometer
/// one, `temperature`, which are the defaults. `unit` picks another unit of the
/// channel's quantity (`hPa` for a pressure the kernel gives in kPa); nil shows it in
/// the display unit of `SensorUnits`' table.
///
/// ```swift
/// let pressure = try Sensor(device: .iio(name: "bme280"), channel: "pressure", unit: "hPa")
/// pressure.unit        // "hPa"
/// let cpu = try Sensor(device: .thermal(type: "cpu-thermal"))
/// cpu.unit             // "°C"
/// ```
public struct Sensor: Hashable, Sendable, CustomStringConvertible {
    public let device: SensorDevice
    public let channel: String
    /// What the channel measures.
    public let quantity: SensorQuantity
    /// The unit of the values read: the display unit, or the one asked for.
    public let unit: MeasurementUnit
    /// Display value = kernel value * `kernelFactor`.
    package let kernelFactor: Double

    /// Refuses a channel the table does not know for the source and a unit of another
    /// quantity, naming both.
    public init(device: SensorDevice, channel: String? = nil, unit: MeasurementUnit? = nil) throws(SensorRefusal) {
        let channel = channel ?? Self.defaultChannel(of: device.kind)
        let type = device.kind == .w1 ? "temperature" : SensorUnits.channelType(of: channel)
        guard let row = SensorUnits.row(for: device.kind, channelType: type),
              device.kind != .thermal || channel == "temp", device.kind != .w1 || channel == "temperature"
        else { throw .unknownChannel(device, channel: channel) }
        if let unit, !row.quantity.units.contains(where: { $0.symbol == unit }) {
            throw .wrongUnit(device, channel: channel, unit: unit, quantity: row.quantity)
        }
        self.device = device
        self.channel = channel
        self.quantity = row.quantity
        self.unit = unit ?? row.quantity.displayUnit
        self.kernelFactor = row.factor
    }

    /// The channel a source has when it has only one; IIO and hwmon devices have many.
    package static func defaultChannel(of kind: SensorSourceKind) -> String {
        switch kind {
        case .iio, .hwmon, .thermal: "temp"
        case .w1: "temperature"
        }
    }

    /// A value the kernel gave in `path`, in the kernel's unit, in `unit`; a failure
    /// naming the computation when the result is not a finite number (1e306 kPa in Pa).
    package func value(fromKernel kernelValue: Double, in path: String) -> Result<Double, SensorFailure> {
        let display = kernelValue * kernelFactor
        let value = quantity.convert(display, to: unit) ?? display
        guard value.isFinite else {
            let shown = DecimalText.shortest(display) + " " + quantity.displayUnit.symbol
            let computation = display.isFinite ? "\(shown) in \(unit.symbol)" : shown
            return .failure(SensorFailure(device: device, cause: .notFinite(computation: computation), path: path))
        }
        return .success(value)
    }

    public var description: String { "\(device) channel \(channel)" }
}

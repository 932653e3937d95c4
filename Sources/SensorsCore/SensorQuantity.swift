import Values

/// What a sensor channel measures, with the units a value of it may be shown in: the
/// display unit (what the kernel's unit becomes, `SensorUnits`) and the others `unit:`
/// may ask for, each a linear function of the display unit.
///
/// ```swift
/// SensorQuantity.temperature.convert(21.5, to: "°F")   // 70.7
/// SensorQuantity.pressure.convert(101.325, to: "hPa")  // 1013.25
/// SensorQuantity.quantity(of: "mA")                    // .current
/// ```
public enum SensorQuantity: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case temperature, humidity, pressure, voltage, current, power, illuminance, rotation

    /// A unit of the quantity: `value in unit = display value * factor + offset`.
    public struct Unit: Hashable, Sendable {
        public let symbol: MeasurementUnit
        public let factor: Double
        public let offset: Double
    }

    /// Every unit of the quantity, the display unit first.
    public var units: [Unit] {
        func unit(_ symbol: String, _ factor: Double, _ offset: Double = 0) -> Unit {
            Unit(symbol: MeasurementUnit(symbol), factor: factor, offset: offset)
        }
        switch self {
        case .temperature: return [unit("°C", 1), unit("K", 1, 273.15), unit("°F", 1.8, 32)]
        case .humidity: return [unit("%", 1)]
        case .pressure: return [unit("kPa", 1), unit("hPa", 10), unit("Pa", 1000)]
        case .voltage: return [unit("V", 1), unit("mV", 1000)]
        case .current: return [unit("A", 1), unit("mA", 1000)]
        case .power: return [unit("W", 1), unit("mW", 1000), unit("kW", 0.001)]
        case .illuminance: return [unit("lx", 1)]
        case .rotation: return [unit("RPM", 1)]
        }
    }

    /// The unit a value of this quantity is shown in unless `unit:` says otherwise.
    public var displayUnit: MeasurementUnit { units[0].symbol }

    /// The quantity `unit` is a unit of; nil for a unit no sensor gives.
    public static func quantity(of unit: MeasurementUnit) -> SensorQuantity? {
        allCases.first { quantity in quantity.units.contains { $0.symbol == unit } }
    }

    /// `value`, in the display unit, converted to `unit`; nil when `unit` is not one of
    /// this quantity's (`Sensor`'s initializer has refused that already).
    public func convert(_ value: Double, to unit: MeasurementUnit) -> Double? {
        guard let target = units.first(where: { $0.symbol == unit }) else { return nil }
        return value * target.factor + target.offset
    }

    public var description: String { rawValue }
}

@testable import Sensors
@testable import SensorsCore
import TestSupport
import Testing
import Values

@Suite("Sensor units")
struct SensorUnitTests {
    @Test("IIO pressure is kPa, and hPa or Pa when asked")
    func pressure() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bme280", files: ["in_pressure_input": "101.325000000\n"])
        for (unit, expected) in [(nil, 101.325), ("hPa", 1013.25), ("Pa", 101_325.0)] as [(MeasurementUnit?, Double)] {
            let sensor = try Sensor(device: .iio(name: "bme280"), channel: "pressure", unit: unit)
            #expect(sensor.unit == unit ?? "kPa")
            let value = try SensorSourceTests.value(sensor, in: tree)
            #expect(abs(value - expected) < 1e-6)
        }
    }

    @Test("IIO's kernel units become display units", arguments: [
        ("in_humidityrelative_input", "humidityrelative", "48123\n", 48.123, "%"),
        ("in_voltage0_raw", "voltage0", "1650\n", 1.65, "V"),
        ("in_illuminance_input", "illuminance", "250.5\n", 250.5, "lx"),
        ("in_temp_input", "temp", "-4500\n", -4.5, "°C"),
    ])
    func iioUnits(file: String, channel: String, text: String, expected: Double, unit: String) throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "chip", files: [file: text])
        let sensor = try Sensor(device: .iio(name: "chip"), channel: channel)
        #expect(sensor.unit == MeasurementUnit(unit))
        #expect(abs(try SensorSourceTests.value(sensor, in: tree) - expected) < 1e-9)
    }

    @Test("a unit of the same quantity converts", arguments: [
        (SensorQuantity.temperature, 21.5, "K", 294.65), (.temperature, 21.5, "°F", 70.7), (.temperature, 21.5, "°C", 21.5),
        (.voltage, 3.3, "mV", 3300), (.power, 2.5, "mW", 2500), (.power, 2500, "kW", 2.5), (.current, 1.5, "mA", 1500),
        (.pressure, 101.325, "hPa", 1013.25),
    ])
    func conversions(quantity: SensorQuantity, value: Double, unit: String, expected: Double) throws {
        let converted = try #require(quantity.convert(value, to: MeasurementUnit(unit)))
        #expect(abs(converted - expected) < 1e-9)
    }

    @Test("a hwmon temperature asked in °F comes out in °F")
    func hwmonFahrenheit() throws {
        let tree = try FakeSysfs()
        try tree.hwmon(0, name: "lm75", files: ["temp1_input": "100000\n"])
        let sensor = try Sensor(device: .hwmon(name: "lm75"), channel: "temp1", unit: "°F")
        #expect(abs(try SensorSourceTests.value(sensor, in: tree) - 212) < 1e-9)
    }

    @Test("a unit of another quantity is refused, naming both")
    func otherQuantity() {
        #expect(throws: SensorRefusal.wrongUnit(.iio(name: "bme280"), channel: "temp", unit: "hPa", quantity: .temperature)) {
            try Sensor(device: .iio(name: "bme280"), channel: "temp", unit: "hPa")
        }
        let refusal = SensorRefusal.wrongUnit(.iio(name: "bme280"), channel: "temp", unit: "hPa", quantity: .temperature)
        #expect(refusal.description.contains("'hPa' is a pressure unit"))
        #expect(refusal.description.contains("is a temperature (°C); write one of °C, K, °F"))
    }

    @Test("a unit no sensor gives is refused too")
    func unknownUnit() {
        #expect(throws: SensorRefusal.self) { try Sensor(device: .thermal(type: "cpu-thermal"), unit: "furlong") }
        let refusal = SensorRefusal.wrongUnit(.thermal(type: "cpu-thermal"), channel: "temp", unit: "furlong", quantity: .temperature)
        #expect(refusal.description.contains("no unit of any sensor"))
    }

    @Test("a channel the source does not have is refused, listing the ones it has")
    func unknownChannel() {
        #expect(throws: SensorRefusal.unknownChannel(.hwmon(name: "lm75"), channel: "pressure1")) {
            try Sensor(device: .hwmon(name: "lm75"), channel: "pressure1")
        }
        #expect(SensorRefusal.unknownChannel(.hwmon(name: "lm75"), channel: "pressure1").description
            .contains("temp, in, humidity, fan, power, curr"))
    }
}

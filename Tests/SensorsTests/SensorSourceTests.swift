@testable import Sensors
@testable import SensorsCore
import TestSupport
import Testing
import Values

/// Each source read from a fake tree with the kernel's layout and file formats.
@Suite("Sensor sources")
struct SensorSourceTests {
    static func read(_ sensor: Sensor, in tree: FakeSysfs) -> Result<Double, SensorFailure> {
        SensorSession(sensor: sensor, locator: SensorLocator(root: tree.root)).read()
    }

    static func value(_ sensor: Sensor, in tree: FakeSysfs) throws -> Double {
        try read(sensor, in: tree).get()
    }

    @Test("an IIO channel reads in_<channel>_input where there is one")
    func iioInput() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bme280", files: ["in_temp_input": "23450\n", "in_temp_raw": "1\n"])
        let value = try Self.value(Sensor(device: .iio(name: "bme280"), channel: "temp"), in: tree)
        #expect(abs(value - 23.45) < 1e-9)
    }

    @Test("without _input, an IIO channel is (raw + offset) * scale, in the kernel's unit")
    func iioRawOffsetScale() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bmp280", files: ["in_temp_raw": "2000\n", "in_temp_offset": "-500\n", "in_temp_scale": "10.000000\n"])
        let value = try Self.value(Sensor(device: .iio(name: "bmp280"), channel: "temp"), in: tree)
        #expect(abs(value - 15) < 1e-9)  // (2000 - 500) * 10 m°C
    }

    @Test("offset defaults to 0 and scale to 1")
    func iioRawDefaults() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bh1750", files: ["in_illuminance_raw": "312\n"])
        #expect(try Self.value(Sensor(device: .iio(name: "bh1750"), channel: "illuminance"), in: tree) == 312)
    }

    @Test("a channel without its own scale takes the one its type shares (in_voltage_scale)")
    func iioSharedScale() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "ads1015", files: ["in_voltage0_raw": "1000\n", "in_voltage1_raw": "8\n",
                                                  "in_voltage_scale": "3.000000\n", "in_voltage1_scale": "1\n"])
        let first = try Self.value(Sensor(device: .iio(name: "ads1015"), channel: "voltage0"), in: tree)
        #expect(abs(first - 3) < 1e-9)  // 1000 * 3 mV
        let second = try Self.value(Sensor(device: .iio(name: "ads1015"), channel: "voltage1"), in: tree)
        #expect(abs(second - 0.008) < 1e-9)  // its own scale wins
    }

    @Test("hwmon channels, each in its display unit", arguments: [
        ("temp1", "45000\n", 45.0, "°C"), ("in0", "3300\n", 3.3, "V"), ("humidity1", "55500\n", 55.5, "%"),
        ("fan1", "1200\n", 1200.0, "RPM"), ("power1", "2500000\n", 2.5, "W"), ("curr1", "1500\n", 1.5, "A"),
    ])
    func hwmonChannels(channel: String, text: String, expected: Double, unit: String) throws {
        let tree = try FakeSysfs()
        try tree.hwmon(0, name: "sensorchip", files: ["\(channel)_input": text])
        let sensor = try Sensor(device: .hwmon(name: "sensorchip"), channel: channel)
        #expect(sensor.unit == MeasurementUnit(unit))
        let value = try Self.value(sensor, in: tree)
        #expect(abs(value - expected) < 1e-9)
    }

    @Test("a thermal zone by its type reads temp in m°C")
    func thermalZone() throws {
        let tree = try FakeSysfs()
        try tree.thermal(0, type: "gpu-thermal", temp: "51000\n")
        try tree.thermal(1, type: "cpu-thermal", temp: "48312\n")
        let value = try Self.value(Sensor(device: .thermal(type: "cpu-thermal")), in: tree)
        #expect(abs(value - 48.312) < 1e-9)
    }

    @Test("a 1-Wire thermometer reads w1_slave's t= when it has no temperature file")
    func w1Slave() throws {
        let tree = try FakeSysfs()
        try tree.w1("28-0316a2793cff", files: ["w1_slave": FakeSysfs.w1Slave(milliCelsius: 21500)])
        #expect(try Self.value(Sensor(device: .w1(id: "28-0316a2793cff")), in: tree) == 21.5)
        try tree.w1("28-000000000002", files: ["w1_slave": FakeSysfs.w1Slave(milliCelsius: -1250)])
        #expect(try Self.value(Sensor(device: .w1(id: "28-000000000002")), in: tree) == -1.25)
    }

    @Test("a 1-Wire thermometer reads temperature where the kernel offers it")
    func w1Temperature() throws {
        let tree = try FakeSysfs()
        try tree.w1("28-0316a2793cff", files: ["temperature": "19875\n", "w1_slave": FakeSysfs.w1Slave(milliCelsius: 1000)])
        #expect(try Self.value(Sensor(device: .w1(id: "28-0316a2793cff")), in: tree) == 19.875)
    }

    @Test("a reading's value is a number with the sensor's MeasurementUnit")
    func readingValue() throws {
        let sensor = try Sensor(device: .iio(name: "bme280"), channel: "pressure", unit: "hPa")
        let reading = SensorReading(sensor: sensor, outcome: .success(1013.25), readAt: 1)
        #expect(reading.value == .number(1013.25, "hPa"))
        let failed = SensorReading(sensor: sensor, outcome: .failure(SensorFailure(device: sensor.device, cause: .crcMismatch)), readAt: 1)
        #expect(failed.value == .unavailable)
    }
}

@testable import Sensors
@testable import SensorsCore
import TestSupport
import Testing

/// Files whose value, scaled or converted to the sensor's unit, is past what a double
/// holds: a failure naming the computation and the file, never `inf` or `nan`.
@Suite("Sensor values that are no finite number")
struct SensorOverflowTests {
    @Test("IIO (raw + offset) × scale past what a double holds is a failure naming it")
    func rawTimesScale() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bmp280", files: ["in_pressure_raw": "1e308\n", "in_pressure_scale": "10\n"])
        let result = SensorSourceTests.read(try Sensor(device: .iio(name: "bmp280"), channel: "pressure"), in: tree)
        let failure = try #require(result.failureValue, "\(result)")
        #expect(failure.description.hasPrefix("iio bmp280: overflow: (1e308 + 0) × 10 from "), "\(failure)")
        #expect(failure.description.hasSuffix("/in_pressure_raw is not a finite number: the value is not taken"),
                "\(failure)")
    }

    @Test("inf times a scale of 0 is nan: a failure too, not a value unequal to itself")
    func notANumber() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bmp280", files: ["in_pressure_raw": "1e308\n", "in_pressure_offset": "1e308\n",
                                                "in_pressure_scale": "0\n"])
        let result = SensorSourceTests.read(try Sensor(device: .iio(name: "bmp280"), channel: "pressure"), in: tree)
        let failure = try #require(result.failureValue, "\(result)")
        #expect(failure.description.contains("overflow: (1e308 + 1e308) × 0 from "), "\(failure)")
    }

    @Test("a unit conversion past what a double holds (1e306 kPa in Pa) is a failure naming it")
    func unitConversion() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bme280", files: ["in_pressure_input": "1e306\n"])
        let sensor = try Sensor(device: .iio(name: "bme280"), channel: "pressure", unit: "Pa")
        let failure = try #require(SensorSourceTests.read(sensor, in: tree).failureValue)
        #expect(failure.description.hasPrefix("iio bme280: overflow: 1e306 kPa in Pa from "), "\(failure)")
        #expect(failure.description.hasSuffix("/in_pressure_input is not a finite number: the value is not taken"),
                "\(failure)")
        let hPa = try Sensor(device: .iio(name: "bme280"), channel: "pressure", unit: "hPa")
        #expect(abs(try SensorSourceTests.value(hPa, in: tree) - 1e307) <= 1e292, "within what a double holds it is a value")
    }
}

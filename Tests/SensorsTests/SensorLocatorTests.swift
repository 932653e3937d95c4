@testable import Sensors
@testable import SensorsCore
import TestSupport
import Testing

@Suite("Sensor locator")
struct SensorLocatorTests {
    /// Two BME280 on bus 1, at 0x76 (20 °C) and 0x77 (30 °C).
    static func twoBME280() throws -> FakeSysfs {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bme280", at: "1-0076", files: ["in_temp_input": "20000\n"])
        try tree.iio(1, name: "bme280", at: "1-0077", files: ["in_temp_input": "30000\n"])
        return tree
    }

    @Test("two devices of one name without a place are ambiguous, listing each with its selector")
    func ambiguous() throws {
        let tree = try Self.twoBME280()
        let result = SensorSourceTests.read(try Sensor(device: .iio(name: "bme280"), channel: "temp"), in: tree)
        let failure = try #require(result.failureValue)
        #expect(failure.cause == .ambiguous(candidates: [.iio(name: "bme280", at: "1-0076"), .iio(name: "bme280", at: "1-0077")]))
        #expect(failure.description.contains("'iio bme280 at 1-0076', 'iio bme280 at 1-0077'"))
    }

    @Test("the place picks one IIO device: the folder its own folder sits in")
    func iioSelector() throws {
        let tree = try Self.twoBME280()
        #expect(try SensorSourceTests.value(Sensor(device: .iio(name: "bme280", at: "1-0077"), channel: "temp"), in: tree) == 30)
        #expect(try SensorSourceTests.value(Sensor(device: .iio(name: "bme280", at: "1-0076"), channel: "temp"), in: tree) == 20)
    }

    @Test("the place picks one hwmon device: its device link's target")
    func hwmonSelector() throws {
        let tree = try FakeSysfs()
        try tree.hwmon(0, name: "lm75", at: "1-0048", files: ["temp1_input": "25000\n"])
        try tree.hwmon(1, name: "lm75", at: "1-0049", files: ["temp1_input": "26000\n"])
        #expect(try SensorSourceTests.value(Sensor(device: .hwmon(name: "lm75", at: "1-0049"), channel: "temp1"), in: tree) == 26)
        let devices = SensorLocator(root: tree.root).devices(of: .hwmon)
        #expect(devices.map(\.location) == ["1-0048", "1-0049"])
    }

    @Test("a place where no device of the name sits names the places that have one")
    func wrongPlace() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bme280", at: "1-0076", files: ["in_temp_input": "20000\n"])
        let result = SensorSourceTests.read(try Sensor(device: .iio(name: "bme280", at: "1-0077"), channel: "temp"), in: tree)
        #expect(result.failureValue?.cause == .notFound(others: [.iio(name: "bme280", at: "1-0076")]))
    }

    @Test("a name nothing has is not found")
    func notFound() throws {
        let tree = try FakeSysfs()
        try tree.thermal(0, type: "cpu-thermal", temp: "40000\n")
        #expect(SensorSourceTests.read(try Sensor(device: .thermal(type: "gpu-thermal")), in: tree).failureValue?.cause
            == .notFound(others: []))
        #expect(SensorSourceTests.read(try Sensor(device: .w1(id: "28-000000000001")), in: tree).failureValue?.cause
            == .notFound(others: []))
    }

    @Test("the folder is found once, not searched again on the next reads")
    func foundOnce() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bme280", at: "1-0076", files: ["in_temp_input": "20000\n"])
        let session = SensorSession(sensor: try Sensor(device: .iio(name: "bme280"), channel: "temp"),
                                    locator: SensorLocator(root: tree.root))
        #expect(try session.read().get() == 20)
        // A second bme280 would make the name ambiguous to a new search.
        try tree.iio(1, name: "bme280", at: "1-0077", files: ["in_temp_input": "30000\n"])
        #expect(try session.read().get() == 20)
        #expect(try session.read().get() == 20)
        #expect(session.searches == 1)
    }
}

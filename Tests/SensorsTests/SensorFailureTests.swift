import Foundation
@testable import Sensors
@testable import SensorsCore
import TestSupport
import Testing

/// Every failure is a typed failure naming the device and the cause, never a number.
@Suite("Sensor failures")
struct SensorFailureTests {
    static let id = "28-0316a2793cff"

    static func cause(_ result: Result<Double, SensorFailure>) -> SensorFailure.Cause? {
        if case .failure(let failure) = result { return failure.cause }
        return nil
    }

    @Test("a w1_slave whose CRC line says NO gives no value")
    func crcMismatch() throws {
        let tree = try FakeSysfs()
        try tree.w1(Self.id, files: ["w1_slave": FakeSysfs.w1Slave(milliCelsius: 21500, crc: false)])
        let result = SensorSourceTests.read(try Sensor(device: .w1(id: Self.id)), in: tree)
        let failure = try #require(result.failureValue)
        #expect(failure.cause == .crcMismatch)
        #expect(failure.device == .w1(id: Self.id))
        #expect(failure.path == tree.root + "/bus/w1/devices/\(Self.id)/w1_slave")
        #expect(failure.description.contains("says NO"))
    }

    @Test("85.000 °C is taken only when the next read says it again")
    func powerOnValue() throws {
        let tree = try FakeSysfs()
        let folder = try tree.w1(Self.id, files: ["w1_slave": FakeSysfs.w1Slave(milliCelsius: 85000)])
        let session = SensorSession(sensor: try Sensor(device: .w1(id: Self.id)), locator: SensorLocator(root: tree.root))
        #expect(Self.cause(session.read()) == .powerOnValue)
        #expect(try session.read().get() == 85)          // confirmed
        try tree.write(FakeSysfs.w1Slave(milliCelsius: 21500), to: folder + "/w1_slave")
        #expect(try session.read().get() == 21.5)
        try tree.write(FakeSysfs.w1Slave(milliCelsius: 85000), to: folder + "/w1_slave")
        #expect(Self.cause(session.read()) == .powerOnValue)  // not confirmed by the read before
        try tree.write(FakeSysfs.w1Slave(milliCelsius: 21625), to: folder + "/w1_slave")
        #expect(try session.read().get() == 21.625)
    }

    @Test("85.000 °C from a thermal zone is just a temperature")
    func powerOnOnlyFor1Wire() throws {
        let tree = try FakeSysfs()
        try tree.thermal(0, type: "cpu-thermal", temp: "85000\n")
        #expect(try SensorSourceTests.value(Sensor(device: .thermal(type: "cpu-thermal")), in: tree) == 85)
    }

    @Test("a read error is a failure with the system call's error")
    func readError() throws {
        let tree = try FakeSysfs()
        let folder = try tree.hwmon(0, name: "lm75", files: [:])
        try FileManager.default.createDirectory(atPath: folder + "/temp1_input", withIntermediateDirectories: false)
        let result = SensorSourceTests.read(try Sensor(device: .hwmon(name: "lm75"), channel: "temp1"), in: tree)
        guard case .readFailed(let error) = Self.cause(result) else {
            Issue.record("expected a read failure, got \(result)")
            return
        }
        #expect(error.errno == EISDIR)
    }

    @Test("text that is no number is unparsable, quoted in the failure", arguments: [
        ("in_temp_input", "abc\n", "abc"), ("in_temp_input", "nan\n", "nan"), ("in_temp_input", "\n", ""),
    ])
    func unparsable(file: String, text: String, quoted: String) throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bme280", files: [file: text])
        let result = SensorSourceTests.read(try Sensor(device: .iio(name: "bme280"), channel: "temp"), in: tree)
        #expect(Self.cause(result) == .unparsable(text: quoted))
    }

    @Test("a w1_slave that is not two lines with a CRC and t= is unparsable", arguments: [
        "garbage\n", "72 01 : crc=57 YES\n", "72 01 : crc=57 YES\n72 01 t=\n", "72 01 : crc=57 MAYBE\n72 01 t=1000\n",
    ])
    func w1Unparsable(text: String) throws {
        let tree = try FakeSysfs()
        try tree.w1(Self.id, files: ["w1_slave": text])
        let result = SensorSourceTests.read(try Sensor(device: .w1(id: Self.id)), in: tree)
        guard case .unparsable = Self.cause(result) else {
            Issue.record("expected unparsable, got \(result)")
            return
        }
    }

    @Test("a device without the channel's file says so")
    func noChannel() throws {
        let tree = try FakeSysfs()
        try tree.iio(0, name: "bme280", files: ["in_temp_input": "1\n"])
        let result = SensorSourceTests.read(try Sensor(device: .iio(name: "bme280"), channel: "humidityrelative"), in: tree)
        #expect(Self.cause(result) == .noChannel)
    }

    @Test("a device that disappears is a failure until it comes back, found again by itself")
    func disappearsAndComesBack() throws {
        let tree = try FakeSysfs()
        let folder = try tree.iio(0, name: "bme280", files: ["in_temp_input": "20000\n"])
        let session = SensorSession(sensor: try Sensor(device: .iio(name: "bme280"), channel: "temp"), locator: SensorLocator(root: tree.root))
        #expect(try session.read().get() == 20)
        try tree.remove(folder: folder, link: "bus/iio/devices/iio:device0")
        #expect(Self.cause(session.read()) == .disappeared)
        #expect(Self.cause(session.read()) == .disappeared)
        try tree.iio(3, name: "bme280", files: ["in_temp_input": "21000\n"])  // bound again, a new number
        #expect(try session.read().get() == 21)
        #expect(session.folder == tree.root + "/bus/iio/devices/iio:device3")
    }
}

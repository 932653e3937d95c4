import Foundation
@testable import Sensors
@testable import SensorsCore
import TestSupport
import Testing

@Suite("1-Wire bulk conversion")
struct W1BulkConversionTests {
    /// A tree with thermometers on masters, each master's `therm_bulk_read` a FIFO the
    /// test holds open (read and write, so a writer never waits and never sees it
    /// closed): what was written to it is what the test reads back.
    final class Bus {
        let tree: FakeSysfs
        var triggers: [String: Int32] = [:]

        init() throws {
            tree = try FakeSysfs()
        }

        deinit {
            for descriptor in triggers.values { close(descriptor) }
        }

        func thermometer(_ id: String, on master: String = "w1_bus_master1") throws -> SensorSession {
            try tree.w1(id, master: master, files: ["temperature": "21000\n"])
            if triggers[master] == nil {
                let path = tree.root + "/devices/\(master)/therm_bulk_read"
                try tree.fifo(at: path)
                triggers[master] = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            }
            return SensorSession(sensor: try Sensor(device: .w1(id: id)), locator: SensorLocator(root: tree.root))
        }

        /// What was written to `master`'s `therm_bulk_read` since the last call.
        func written(on master: String = "w1_bus_master1") -> String {
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(triggers[master]!, &buffer, buffer.count)
            return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
        }
    }

    @Test("several thermometers on one master: trigger written once before the reads")
    func triggeredOnce() throws {
        let bus = try Bus()
        let sessions = try [bus.thermometer("28-000000000001"), bus.thermometer("28-000000000002"), bus.thermometer("28-000000000003")]
        let readings = SensorReader.read(sessions)
        #expect(bus.written() == "trigger\n")
        #expect(readings.map(\.value) == Array(repeating: .number(21, "°C"), count: 3))
    }

    @Test("one thermometer on a master converts on its own")
    func single() throws {
        let bus = try Bus()
        let sessions = try [bus.thermometer("28-000000000001"), bus.thermometer("28-000000000002", on: "w1_bus_master2")]
        _ = SensorReader.read(sessions)
        #expect(bus.written() == "")
        #expect(bus.written(on: "w1_bus_master2") == "")
    }

    @Test("a master without therm_bulk_read is left alone")
    func noAttribute() throws {
        let tree = try FakeSysfs()
        try tree.w1("28-000000000001", files: ["temperature": "21000\n"])
        try tree.w1("28-000000000002", files: ["temperature": "22000\n"])
        let locator = SensorLocator(root: tree.root)
        let sessions = try ["28-000000000001", "28-000000000002"].map { SensorSession(sensor: try Sensor(device: .w1(id: $0)), locator: locator) }
        #expect(W1BulkConversion.trigger(for: sessions).isEmpty)
        #expect(SensorReader.read(sessions).map(\.value) == [.number(21, "°C"), .number(22, "°C")])
    }
}

import Foundation
import Locks
@testable import Sensors
@testable import SensorsCore
import SystemCore
import TestSupport
import Testing

/// Batches handed to the reader ahead of their time: what lets the daemon's loop decide
/// when each batch is read without waking up at that time.
@Suite("SensorReader, batches handed ahead")
struct SensorReaderAheadTests {
    typealias Deliveries = SensorReaderTests.Deliveries
    static let patience = SensorReaderTests.patience

    @Test("a batch handed ahead is read at its time, not before, and delivered once")
    func readAtItsTime() throws {
        let tree = try FakeSysfs()
        try tree.thermal(0, type: "cpu-thermal", temp: "48000\n")
        let cpu = try Sensor(device: .thermal(type: "cpu-thermal"))
        let deliveries = Deliveries()
        let reader = try SensorReader(root: tree.root, deliver: deliveries.deliver)
        defer { reader.stop() }
        let start = MonotonicClock.now() &+ 200_000_000
        reader.submit([cpu], patience: 1_000_000_000, at: start)
        #expect(deliveries.arrived.wait(timeout: Self.patience))
        let batch = try #require(deliveries.batches.withLockedValue { $0 }.first)
        #expect(batch.map(\.value) == [.number(48, "°C")])
        #expect(batch[0].readAt >= start, "read \(start - min(start, batch[0].readAt)) ns before its time")
        #expect(deliveries.batches.withLockedValue { $0 }.count == 1)
    }

    @Test("a batch taken back before its time is not read; taking back says the earliest time taken")
    func withdrawn() throws {
        let tree = try FakeSysfs()
        try tree.thermal(0, type: "cpu-thermal", temp: "48000\n")
        try tree.hwmon(0, name: "lm75", files: ["temp1_input": "25500\n"])
        let cpu = try Sensor(device: .thermal(type: "cpu-thermal"))
        let board = try Sensor(device: .hwmon(name: "lm75"), channel: "temp1")
        let deliveries = Deliveries()
        let reader = try SensorReader(root: tree.root, deliver: deliveries.deliver)
        defer { reader.stop() }
        let later = MonotonicClock.now() &+ 3_600_000_000_000
        reader.submit([cpu], at: later &+ 1)
        reader.submit([cpu], at: later)
        #expect(reader.withdrawAhead() == later)
        #expect(reader.withdrawAhead() == nil)
        // A batch due now goes on; the ones taken back never come.
        reader.submit([board], at: 0)
        #expect(deliveries.arrived.wait(timeout: Self.patience))
        #expect(deliveries.batches.withLockedValue { $0 }.map { $0.map(\.sensor) } == [[board]])
    }

    @Test("a batch handed ahead whose sensors are all being read answers with an empty delivery")
    func coalescedWhole() throws {
        let tree = try FakeSysfs()
        let id = "28-0316a2793cff"
        let folder = try tree.w1(id, files: [:])
        try tree.fifo(at: folder + "/w1_slave")
        let hung = try Sensor(device: .w1(id: id))
        let deliveries = Deliveries()
        let reader = try SensorReader(root: tree.root, deliver: deliveries.deliver)
        reader.submit([hung])
        let writer = try #require(SensorReaderTests.openWhenRead(folder + "/w1_slave"))
        reader.submit([hung], patience: 1_000_000_000, at: MonotonicClock.now())
        #expect(deliveries.arrived.wait(timeout: Self.patience))
        #expect(deliveries.batches.withLockedValue { $0 }.map(\.count) == [0])
        reader.stop()
        close(writer)
        #expect(reader.finished.wait(timeout: Self.patience))
    }
}

import Foundation
import Locks
@testable import Sensors
@testable import SensorsCore
import SystemCore
import TestSupport
import Testing

/// `SensorReader` keeps one bad device from the others: devices found with one look at
/// each class folder, a read that hangs holding one thread and its own lane, the batch
/// delivered without it, threads bounded however many reads hang.
@Suite("SensorReader: one bad device")
struct SensorReaderIsolationTests {
    typealias Deliveries = SensorReaderTests.Deliveries

    @Test("the sensors of a batch are found with one look at their class folder: each device's name read once")
    func oneScanPerClassFolder() throws {
        let tree = try FakeSysfs()
        try tree.hwmon(0, name: "lm75", files: ["temp1_input": "25500\n"])
        try tree.hwmon(1, name: "sht3x", at: "1-0044", files: ["temp1_input": "21000\n"])
        // A third device's name answers once per feed: a search per sensor would read it
        // twice, and wait for good on the second.
        let other = try tree.hwmon(2, name: "ina219", at: "1-0040", files: [:])
        try tree.fifo(at: other + "/name")
        let lm75 = try Sensor(device: .hwmon(name: "lm75"), channel: "temp1")
        let sht3x = try Sensor(device: .hwmon(name: "sht3x"), channel: "temp1")
        let deliveries = Deliveries()
        let reader = try SensorReader(root: tree.root, deliver: deliveries.deliver)
        defer { reader.stop() }
        reader.submit([lm75, sht3x])
        try tree.feed("ina219\n", to: other + "/name")
        #expect(deliveries.arrived.wait(timeout: SensorReaderTests.patience))
        let batch = deliveries.batches.withLockedValue { $0 }.first ?? []
        #expect(batch.map(\.value) == [.number(25.5, "°C"), .number(21, "°C")])
    }

    /// A tree with `hung` 1-Wire thermometers whose `w1_slave` is a FIFO nobody writes,
    /// each alone on a bus master of its own, and a thermal zone that answers.
    static func hungTree(_ hung: Int) throws -> (tree: FakeSysfs, hung: [Sensor], fifos: [String], cpu: Sensor) {
        let tree = try FakeSysfs()
        var sensors: [Sensor] = []
        var fifos: [String] = []
        for index in 0..<hung {
            let id = "28-00000000\(String(0x1000 + index, radix: 16))"
            let folder = try tree.w1(id, master: "w1_bus_master\(index + 1)", files: [:])
            try tree.fifo(at: folder + "/w1_slave")
            sensors.append(try Sensor(device: .w1(id: id)))
            fifos.append(folder + "/w1_slave")
        }
        try tree.thermal(0, type: "cpu-thermal", temp: "48000\n")
        return (tree, sensors, fifos, try Sensor(device: .thermal(type: "cpu-thermal")))
    }

    @Test("a read that hangs: the rest of its batch is delivered once the batch's patience has passed, the hang reported once, the late reading delivered alone")
    func batchWithoutTheHungRead() throws {
        let (tree, hung, fifos, cpu) = try Self.hungTree(1)
        let deliveries = Deliveries()
        let reports = LockedValueBox<[[Sensor]]>([])
        // A hang is a read 1 s old: a sanitizer's build on a loaded machine can hold a
        // healthy read for a few hundred milliseconds.
        let limits = SensorReadLimits(threads: 4, slowAfter: 20_000_000, hungAfter: 1_000_000_000)
        let reader = try SensorReader(root: tree.root, limits: limits, deliver: deliveries.deliver) { sensors, _ in
            reports.withLockedValue { $0.append(sensors) }
        }
        defer { reader.stop() }
        reader.submit(hung + [cpu], patience: 100_000_000)
        #expect(deliveries.arrived.wait(timeout: SensorReaderTests.patience))
        #expect(deliveries.batches.withLockedValue { $0 }.first?.map(\.sensor) == [cpu])
        // The next batches leave the hung sensor out and are delivered whole.
        #expect(reader.submit(hung + [cpu], patience: 100_000_000) == hung)
        #expect(deliveries.arrived.wait(timeout: SensorReaderTests.patience))
        #expect(deliveries.batches.withLockedValue { $0 }.last?.map(\.sensor) == [cpu])
        let deadline = MonotonicClock.now() + 10_000_000_000
        while reports.withLockedValue({ $0 }).isEmpty, MonotonicClock.now() < deadline { usleep(10_000) }
        // Three more batches delivered beside the hung read, each on a tick of the reader
        // that would report it again: it is not.
        for _ in 0..<3 {
            #expect(reader.submit(hung + [cpu], patience: 100_000_000) == hung)
            #expect(deliveries.arrived.wait(timeout: SensorReaderTests.patience))
        }
        let reported = reports.withLockedValue { $0 }
        #expect(reported.joined().filter { hung.contains($0) } == hung, "the hung read reported once: \(reported)")
        #expect(reported.first?.contains(hung[0]) == true, "\(reported)")

        try tree.feed(FakeSysfs.w1Slave(milliCelsius: 21000), to: fifos[0])
        #expect(deliveries.arrived.wait(timeout: SensorReaderTests.patience))
        #expect(deliveries.batches.withLockedValue { $0 }.last?.map(\.value) == [.number(21, "°C")])
    }

    @Test("threads stay within the limit however many reads hang; a hung sensor holds one thread, never more")
    func threadsBounded() throws {
        let (tree, hung, fifos, cpu) = try Self.hungTree(6)
        let deliveries = Deliveries()
        let limits = SensorReadLimits(threads: 3, slowAfter: 10_000_000, hungAfter: 100_000_000)
        let reader = try SensorReader(root: tree.root, limits: limits, deliver: deliveries.deliver)
        // Batches until three hung reads hold the three threads, and 20 more.
        let deadline = MonotonicClock.now() + 20_000_000_000
        var more = 20
        repeat {
            reader.submit(hung + [cpu], patience: 50_000_000)
            #expect(reader.readingThreads <= 3)
            if reader.readingThreads == 3 { more -= 1 }
            usleep(10_000)
        } while more > 0 && MonotonicClock.now() < deadline
        // Three of the six hung reads hold the three threads; the rest wait their turn.
        #expect(reader.readingThreads == 3)
        reader.stop()
        // Each read that returns ends its thread; the ones still queued are never read.
        for fifo in fifos {
            let descriptor = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 { close(descriptor) }
        }
        #expect(reader.finished.wait(timeout: SensorReaderTests.patience))
        #expect(reader.readingThreads == 0)
    }
}

import Foundation
import Locks
@testable import Sensors
@testable import SensorsCore
import SystemCore
import TestSupport
import Testing

@Suite("SensorReader")
struct SensorReaderTests {
    /// Long enough never to fail on a loaded machine; the tests go on as soon as the
    /// reader has done its part.
    static let patience = Duration.seconds(10)

    /// What a reader delivered, and on which thread.
    final class Deliveries: @unchecked Sendable {
        let batches = LockedValueBox<[[SensorReading]]>([])
        let threads = LockedValueBox<[String]>([])
        let arrived = Semaphore()

        var deliver: SensorReader.Delivery {
            { [self] readings in
                batches.withLockedValue { $0.append(readings) }
                threads.withLockedValue { $0.append(SystemThread.currentName) }
                arrived.signal()
            }
        }
    }

    /// Runs `body` on a thread of its own; true when it returned within `patience`.
    static func returnsPromptly(_ body: @escaping @Sendable () -> Void) throws -> Bool {
        let done = Semaphore()
        try SystemThread.start(name: "test-caller") {
            body()
            done.signal()
        }
        return done.wait(timeout: patience)
    }

    /// A writer's descriptor for the FIFO at `path`, once a reader has it open; nil when
    /// none did within `patience`.
    static func openWhenRead(_ path: String) -> Int32? {
        let deadline = MonotonicClock.now() + UInt64(patience.components.seconds) * 1_000_000_000
        while MonotonicClock.now() < deadline {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            usleep(1000)
        }
        return nil
    }

    @Test("a batch is read on the reader's thread and delivered once, in the order read, with the time of each read")
    func batch() throws {
        let tree = try FakeSysfs()
        try tree.thermal(0, type: "cpu-thermal", temp: "48000\n")
        try tree.hwmon(0, name: "lm75", files: ["temp1_input": "25500\n"])
        let cpu = try Sensor(device: .thermal(type: "cpu-thermal"))
        let board = try Sensor(device: .hwmon(name: "lm75"), channel: "temp1")
        let deliveries = Deliveries()
        let reader = try SensorReader(root: tree.root, deliver: deliveries.deliver)
        defer { reader.stop() }
        let before = MonotonicClock.now()
        #expect(reader.submit([cpu, board]).isEmpty)
        #expect(deliveries.arrived.wait(timeout: Self.patience))
        let batch = try #require(deliveries.batches.withLockedValue { $0 }.first)
        #expect(batch.map(\.sensor) == [cpu, board])
        #expect(batch.map(\.value) == [.number(48, "°C"), .number(25.5, "°C")])
        #expect(batch[0].readAt >= before && batch[1].readAt >= batch[0].readAt && batch[1].readAt <= MonotonicClock.now())
        #expect(deliveries.threads.withLockedValue { $0 } == ["gpioagg-sensors"])
    }

    @Test("a read that hangs holds up only its own thread: submit returns, the hung sensor is coalesced, another sensor is read beside it, stop returns")
    func hangingRead() throws {
        let tree = try FakeSysfs()
        let id = "28-0316a2793cff"
        let folder = try tree.w1(id, files: [:])
        try tree.fifo(at: folder + "/w1_slave")
        try tree.thermal(0, type: "cpu-thermal", temp: "48000\n")
        let hung = try Sensor(device: .w1(id: id))
        let cpu = try Sensor(device: .thermal(type: "cpu-thermal"))
        let deliveries = Deliveries()
        let reader = try SensorReader(root: tree.root, deliver: deliveries.deliver)

        #expect(try Self.returnsPromptly { reader.submit([hung]) })
        // The reader's thread is in its read once it has the FIFO open: a writer's
        // non-blocking open fails with ENXIO until then. Holding the writer open without
        // writing keeps the read hanging.
        let writer = try #require(Self.openWhenRead(folder + "/w1_slave"))
        let left = LockedValueBox<[Sensor]>([])
        #expect(try Self.returnsPromptly { left.withLockedValue { $0 = reader.submit([hung, cpu]) } })
        #expect(left.withLockedValue { $0 } == [hung])   // already being read: left out

        // The other sensor is read on another thread, not held up by the hung read.
        #expect(deliveries.arrived.wait(timeout: Self.patience))
        #expect(deliveries.batches.withLockedValue { $0 }.map { $0.map(\.value) } == [[.number(48, "°C")]])

        #expect(try Self.returnsPromptly { reader.stop() })

        // The read returns once someone writes: the thread then ends, delivering nothing.
        let text = Array(FakeSysfs.w1Slave(milliCelsius: 21000).utf8)
        _ = text.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        close(writer)
        #expect(reader.finished.wait(timeout: Self.patience))
        #expect(deliveries.batches.withLockedValue { $0 }.count == 1)
    }

    @Test("after stop, submit takes nothing")
    func submitAfterStop() throws {
        let tree = try FakeSysfs()
        try tree.thermal(0, type: "cpu-thermal", temp: "48000\n")
        let cpu = try Sensor(device: .thermal(type: "cpu-thermal"))
        let reader = try SensorReader(root: tree.root) { _ in }
        reader.stop()
        #expect(reader.submit([cpu]) == [cpu])
        #expect(reader.finished.wait(timeout: Self.patience))
    }
}

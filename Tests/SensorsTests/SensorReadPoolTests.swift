@testable import Sensors
@testable import SensorsCore
import Testing

/// `SensorReadPool`, the reader's pure core, on made-up times: lanes, threads, patience,
/// hung reads.
@Suite("SensorReadPool")
struct SensorReadPoolTests {
    static let ms: UInt64 = 1_000_000
    static let limits = SensorReadLimits(threads: 2, slowAfter: 100 * ms, hungAfter: 5_000 * ms)
    static let cpu = try! Sensor(device: .thermal(type: "cpu-thermal"))
    static let gpu = try! Sensor(device: .thermal(type: "gpu-thermal"))
    static let pond = try! Sensor(device: .w1(id: "28-0316a2793cff"))
    static let lanes = [cpu: "zone0", gpu: "zone1", pond: "w1_bus_master1"]

    /// The pool behind a reference, so that the checks can call its mutating methods.
    final class Pool {
        var pool = SensorReadPool(limits: SensorReadPoolTests.limits)

        func submit(_ sensors: [Sensor], lanes: [Sensor: String] = [:], at now: UInt64,
                    patience: UInt64?) -> (left: [Sensor], jobs: Int) {
            pool.submit(sensors, lane: { lanes[$0] }, at: now, patience: patience)
        }

        func tick(at now: UInt64) -> [SensorReadPool.Action] { pool.tick(at: now) }
        func take(at now: UInt64) -> SensorReadPool.Job? { pool.take(at: now)?.job }
        func finished(_ id: Int, readings: [SensorReading], located: [Sensor: String] = [:],
                      at now: UInt64) -> (jobs: Int, deliver: Bool) {
            pool.finished(id, readings: readings, located: located, at: now)
        }

        func retire() -> Bool { pool.retire() }
        var threads: Int { pool.threads }
        var nextDeadline: UInt64? { pool.nextDeadline }
    }

    static func reading(_ sensor: Sensor, _ value: Double, at time: UInt64) -> SensorReading {
        SensorReading(sensor: sensor, outcome: .success(value), readAt: time)
    }

    @Test("devices not found yet are found in one job, then read in a job per lane")
    func locateThenLanes() throws {
        let pool = Pool()
        #expect(pool.submit([Self.cpu, Self.pond], at: 0, patience: nil) == ([], 1))
        #expect(pool.tick(at: 0) == [.startThread])
        let locate = try #require(pool.take(at: 0))
        #expect(locate.kind == .locate && locate.sensors == [Self.cpu, Self.pond])
        #expect(pool.finished(locate.id, readings: [], located: Self.lanes, at: 1).jobs == 2)
        let first = try #require(pool.take(at: 1))
        #expect(first.kind == .read(lane: "zone0") && first.sensors == [Self.cpu])
        #expect(pool.take(at: 1) == nil, "one thread, busy")
        #expect(pool.tick(at: 2).isEmpty, "no second thread for a read under way for less than slowAfter")
        #expect(pool.nextDeadline == 1 + 100 * Self.ms)
        #expect(pool.finished(first.id, readings: [Self.reading(Self.cpu, 48, at: 3)], at: 3) == (0, false))
        let second = try #require(pool.take(at: 3))
        #expect(second.kind == .read(lane: "w1_bus_master1"))
        _ = pool.finished(second.id, readings: [Self.reading(Self.pond, 21, at: 4)], at: 4)
        #expect(pool.tick(at: 4) == [.deliver([Self.reading(Self.cpu, 48, at: 3), Self.reading(Self.pond, 21, at: 4)])])
        #expect(pool.threads == 1)
    }

    @Test("a read that hangs: a second thread for the other lane, the batch delivered at its patience without it, the hang reported once, its reading late and alone; no third thread")
    func hungRead() throws {
        let pool = Pool()
        _ = pool.submit([Self.pond, Self.cpu, Self.gpu], lanes: Self.lanes, at: 0, patience: 1_000 * Self.ms)
        #expect(pool.tick(at: 0) == [.startThread])
        let hung = try #require(pool.take(at: 0))
        #expect(hung.sensors == [Self.pond])
        #expect(pool.tick(at: 100 * Self.ms) == [.startThread], "every read under way is slow, and a lane waits")
        let cpuJob = try #require(pool.take(at: 100 * Self.ms))
        _ = pool.finished(cpuJob.id, readings: [Self.reading(Self.cpu, 48, at: 101 * Self.ms)], at: 101 * Self.ms)
        let gpuJob = try #require(pool.take(at: 101 * Self.ms))
        _ = pool.finished(gpuJob.id, readings: [Self.reading(Self.gpu, 50, at: 102 * Self.ms)], at: 102 * Self.ms)
        #expect(pool.tick(at: 102 * Self.ms).isEmpty, "the batch waits for its patience")
        #expect(pool.nextDeadline == 1_000 * Self.ms)
        #expect(pool.tick(at: 1_000 * Self.ms) == [.deliver([Self.reading(Self.cpu, 48, at: 101 * Self.ms),
                                                             Self.reading(Self.gpu, 50, at: 102 * Self.ms)])])
        // The next batch leaves the hung sensor out; with both lanes free, no third thread.
        #expect(pool.submit([Self.pond, Self.cpu], lanes: Self.lanes, at: 1_100 * Self.ms, patience: 1_000 * Self.ms)
            == ([Self.pond], 1))
        let next = try #require(pool.take(at: 1_100 * Self.ms))
        _ = pool.finished(next.id, readings: [Self.reading(Self.cpu, 49, at: 1_101 * Self.ms)], at: 1_101 * Self.ms)
        #expect(pool.tick(at: 1_101 * Self.ms) == [.deliver([Self.reading(Self.cpu, 49, at: 1_101 * Self.ms)])])
        #expect(pool.tick(at: 5_000 * Self.ms) == [.hung([Self.pond], since: 0)])
        #expect(pool.tick(at: 9_000 * Self.ms).isEmpty, "reported once")
        _ = pool.finished(hung.id, readings: [Self.reading(Self.pond, 21, at: 9_500 * Self.ms)], at: 9_500 * Self.ms)
        #expect(pool.tick(at: 9_500 * Self.ms).isEmpty, "a late reading waits for a batch, or slowAfter")
        #expect(pool.nextDeadline == 9_600 * Self.ms)
        #expect(pool.tick(at: 9_600 * Self.ms) == [.deliver([Self.reading(Self.pond, 21, at: 9_500 * Self.ms)])])
    }

    @Test("threads stay within the limit however many lanes hang; a thread with nothing to read ends while another waits")
    func bounded() throws {
        let pool = Pool()
        _ = pool.submit([Self.pond, Self.cpu, Self.gpu], lanes: Self.lanes, at: 0, patience: nil)
        #expect(pool.tick(at: 0) == [.startThread])
        _ = try #require(pool.take(at: 0))
        #expect(pool.tick(at: 200 * Self.ms) == [.startThread])
        _ = try #require(pool.take(at: 200 * Self.ms))
        #expect(!pool.tick(at: 10_000 * Self.ms).contains(.startThread), "two threads, both hung: the limit")
        #expect(pool.threads == 2)
        let idle = Pool()
        _ = idle.submit([Self.cpu, Self.gpu], lanes: Self.lanes, at: 0, patience: nil)
        _ = idle.tick(at: 0)
        let job = try #require(idle.take(at: 0))
        _ = idle.tick(at: 200 * Self.ms)
        _ = idle.finished(job.id, readings: [], at: 300 * Self.ms)
        #expect(idle.retire() == false, "a lane can run")
        let last = try #require(idle.take(at: 300 * Self.ms))
        #expect(idle.retire() == false, "the other thread is reading")
        _ = idle.finished(last.id, readings: [], at: 400 * Self.ms)
        #expect(idle.retire() == true, "two idle, nothing to read: one ends")
        #expect(idle.retire() == false, "the last one stays")
        #expect(idle.threads == 1)
    }
}

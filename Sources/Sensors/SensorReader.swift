import Locks
import SystemCore

/// Reads kernel sensors on a thread of its own (`gpioagg-sensors`), so that a read
/// that blocks (a DS18B20 converting for 750 ms, an I²C device that went away, a hung
/// 1-Wire bus) holds up only this thread, never the caller's event loop.
///
/// The caller hands over batches, the sensors due now; `submit` only queues and
/// returns. The thread reads a batch's sensors together, one after the other (after one
/// `therm_bulk_read` trigger per 1-Wire bus master with several of them), and calls
/// `deliver` once per batch, on its own thread, with every reading in the order read,
/// each stamped with the `MonotonicClock` time its read ended. The daemon passes a
/// closure that hops onto its loop.
///
/// Batches do not pile up behind a read that hangs: a sensor already waiting in a batch
/// or being read is left out of a new batch (coalesced: the read under way answers for
/// both), and `submit` returns the sensors it left out. A batch left with none is not
/// queued.
///
/// `stop` returns without waiting for a read, even one that hangs (it waits only for a
/// delivery under way, so that nothing is delivered once it has returned; `deliver`
/// must not call `stop`), and the thread ends as soon as the read under way returns. A
/// kernel attribute's read always returns in the end (w1_therm gives up on a bus that
/// does not answer); a test's FIFO returns when the test opens it for writing. The
/// thread holds the reader until it ends: a reader nobody stops keeps its thread.
///
/// ```swift
/// let reader = try SensorReader(root: "/sys") { readings in
///     loop.execute { for reading in readings { engine.setNumber(name(reading.sensor), reading.value) } }
/// }
/// reader.submit([cpu, greenhouse])
/// reader.stop()
/// ```
public final class SensorReader: @unchecked Sendable {
    public typealias Delivery = @Sendable ([SensorReading]) -> Void

    private let locator: SensorLocator
    private let deliver: Delivery
    private let lock = Lock()
    /// Held while `deliver` runs, and by `stop` once it has set `stopped`: a delivery
    /// either ends before `stop` returns or does not start.
    private let delivering = Lock()
    private let wake = Semaphore()
    /// Under `lock`: the batches waiting, the sensors waiting or being read, and whether
    /// `stop` was called.
    private var queue: [[Sensor]] = []
    private var busy: Set<Sensor> = []
    private var stopped = false
    /// Signalled when the thread has ended, after `stop`.
    let finished = Semaphore()

    /// Starts the thread. Throws when no thread can be started (`EAGAIN`).
    public init(root: String = "/sys", deliver: @escaping Delivery) throws(SystemCallError) {
        self.locator = SensorLocator(root: root)
        self.deliver = deliver
        try SystemThread.start(name: "gpioagg-sensors") { [self] in run() }
    }

    /// Queues a batch and returns at once: the sensors left out because a read of them is
    /// already waiting or under way (none, usually).
    @discardableResult
    public func submit(_ sensors: [Sensor]) -> [Sensor] {
        var batch: [Sensor] = []
        var left: [Sensor] = []
        lock.withLock {
            guard !stopped else {
                left = sensors
                return
            }
            for sensor in sensors {
                if busy.contains(sensor) { left.append(sensor) } else {
                    busy.insert(sensor)
                    batch.append(sensor)
                }
            }
            if !batch.isEmpty { queue.append(batch) }
        }
        if !batch.isEmpty { wake.signal() }
        return left
    }

    /// Stops taking batches and delivering readings; returns without waiting for a read
    /// under way.
    public func stop() {
        lock.withLock { stopped = true }
        wake.signal()
        delivering.withLock {}
    }

    private func run() {
        var sessions: [Sensor: SensorSession] = [:]
        while true {
            wake.wait()
            let batch: [Sensor]? = lock.withLock { stopped || queue.isEmpty ? nil : queue.removeFirst() }
            guard let batch else {
                if lock.withLock({ stopped }) { break } else { continue }
            }
            let batchSessions = batch.map { sensor in
                if let session = sessions[sensor] { return session }
                let session = SensorSession(sensor: sensor, locator: locator)
                sessions[sensor] = session
                return session
            }
            let readings = Self.read(batchSessions)
            lock.withLock { busy.subtract(batch) }
            let delivered = delivering.withLock {
                guard !lock.withLock({ stopped }) else { return false }
                deliver(readings)
                return true
            }
            guard delivered else { break }
        }
        finished.signal()
    }

    /// One batch: a bulk conversion on each 1-Wire master with more than one of the
    /// batch's thermometers, then every read in turn.
    static func read(_ sessions: [SensorSession]) -> [SensorReading] {
        W1BulkConversion.trigger(for: sessions)
        return sessions.map { session in
            let outcome = session.read()
            return SensorReading(sensor: session.sensor, outcome: outcome, readAt: MonotonicClock.now())
        }
    }
}

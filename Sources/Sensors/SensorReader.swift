import Locks
import SystemCore

/// Reads kernel sensors off the caller's thread, so that a read that blocks (a DS18B20
/// converting for 750 ms, an I²C device that went away, a hung 1-Wire bus) never holds
/// up the caller's event loop, and one device's read never holds up another's.
///
/// The caller hands over batches, the sensors due now; `submit` only queues and returns.
/// Reads run in lanes (a device, or a 1-Wire bus master: after one `therm_bulk_read`
/// trigger on a master with several of the lane's thermometers), each lane on one thread
/// at a time, on up to `limits.threads` threads of their own (`gpioagg-read`): a thread
/// is added only while every read under way is slow (`slowAfter`) and a lane waits, and
/// one that finds nothing to read while another waits ends. Devices not found yet are
/// found together, one look at each class folder (`SensorDeviceScan`).
///
/// One thread, `gpioagg-sensors`, calls `deliver` once per batch with every reading in
/// the batch's order, each stamped with the `MonotonicClock` time its read ended: when
/// all are read, or once the batch's `patience` has passed, then without the reads still
/// under way, whose readings follow in a delivery of their own when they return. The
/// daemon passes a closure that hops onto its loop. A read under way for `hungAfter` is
/// reported to `hung`, once.
///
/// Batches do not pile up behind a read that hangs: a sensor already waiting or being
/// read is left out of a new batch (coalesced: the read under way answers for both), and
/// `submit` returns the sensors it left out; a batch left with none is not queued. So a
/// read that never returns holds one thread and its lane, whatever is submitted after it,
/// and threads stay within `limits.threads` however many hang.
///
/// A batch can also be handed over ahead, with the time it is due (`submit(_:patience:at:)`):
/// `gpioagg-sensors` queues it then, so that a caller whose clock is `MonotonicClock`
/// (the daemon's loop) decides when each batch is read without a wake-up of its own at
/// that time. Such a batch always answers: when every sensor in it is being read
/// already, with an empty delivery, so that the caller hears that its time came.
///
/// `stop` returns without waiting for a read, even one that hangs (it waits only for a
/// delivery under way, so that nothing is delivered once it has returned; `deliver`
/// must not call `stop`); each thread ends as soon as its read returns. A kernel
/// attribute's read always returns in the end (w1_therm gives up on a bus that does not
/// answer); a test's FIFO returns when the test opens it for writing.
///
/// ```swift
/// let reader = try SensorReader(root: "/sys") { readings in
///     loop.execute { for reading in readings { engine.update(.input(name(reading.sensor)), to: reading.value) } }
/// }
/// reader.submit([cpu, greenhouse], patience: 1_000_000_000)
/// reader.stop()
/// ```
public final class SensorReader: @unchecked Sendable {
    public typealias Delivery = @Sendable ([SensorReading]) -> Void
    /// The sensors of a read under way for `hungAfter`, and when it started
    /// (`MonotonicClock`).
    public typealias HungReport = @Sendable ([Sensor], _ since: UInt64) -> Void

    private let locator: SensorLocator
    private let deliver: Delivery
    private let hung: HungReport
    private let lock = Lock()
    /// Held while `deliver` or `hung` runs, and by `stop` once it has stopped the pool: a
    /// delivery either ends before `stop` returns or does not start.
    private let delivering = Lock()
    /// Wakes `gpioagg-sensors`: a batch, a job done, `stop`.
    private let wake = Semaphore()
    /// Wakes a reading thread: a job queued, `stop`.
    private let work = Semaphore()
    /// Under `lock`: the pool, each sensor's session, the threads not yet ended.
    private var pool: SensorReadPool
    private var sessions: [Sensor: SensorSession] = [:]
    private var alive = 1
    /// Under `lock`: the batches handed over ahead, not yet due.
    private var ahead: [Ahead] = []
    /// Signalled when every thread of the reader has ended, after `stop`.
    let finished = Semaphore()

    /// Starts the delivering thread; reading threads start with the first batch. Throws
    /// when no thread can be started (`EAGAIN`).
    public init(root: String = "/sys", limits: SensorReadLimits = SensorReadLimits(), deliver: @escaping Delivery,
                hung: @escaping HungReport = { _, _ in }) throws(SystemCallError) {
        self.locator = SensorLocator(root: root)
        self.deliver = deliver
        self.hung = hung
        pool = SensorReadPool(limits: limits)
        try SystemThread.start(name: "gpioagg-sensors") { [self] in run() }
    }

    /// Queues a batch and returns at once: the sensors left out because a read of them is
    /// already waiting or under way (none, usually). `patience` (nanoseconds) is how long
    /// the batch's delivery waits for slow reads; nil waits for every one.
    @discardableResult
    public func submit(_ sensors: [Sensor], patience: UInt64? = nil) -> [Sensor] {
        let now = MonotonicClock.now()
        let (left, jobs, idle) = lock.withLock {
            let (left, jobs) = pool.submit(sensors, lane: { sensor in session(sensor).lane }, at: now, patience: patience)
            return (left, jobs, pool.idle)
        }
        for _ in 0..<min(jobs, idle) { work.signal() }
        if jobs > 0 { wake.signal() }
        return left
    }

    /// Hands over a batch due at `start` (`MonotonicClock`), to be queued as `submit`
    /// queues one, at once when `start` has passed. Returns at once.
    ///
    /// ```swift
    /// reader.submit([cpu, greenhouse], patience: interval, at: MonotonicClock.now() + interval)
    /// ```
    public func submit(_ sensors: [Sensor], patience: UInt64? = nil, at start: UInt64) {
        let taken = lock.withLock {
            guard !pool.stopped else { return false }
            ahead.append(Ahead(start: start, sensors: sensors, patience: patience))
            return true
        }
        if taken { wake.signal() }
    }

    /// Takes back the batches handed over ahead and not due yet: the earliest one's
    /// `start`, nil when there was none.
    public func withdrawAhead() -> UInt64? {
        lock.withLock {
            defer { ahead = [] }
            return ahead.map(\.start).min()
        }
    }

    /// Lets go of what the reader keeps of sensors other than `sensors` (each one's
    /// device and files, found at its first read), except those being read.
    public func keep(only sensors: Set<Sensor>) {
        lock.withLock {
            let busy = pool.busySensors
            sessions = sessions.filter { sensors.contains($0.key) || busy.contains($0.key) }
        }
    }

    /// Stops taking batches and delivering readings; returns without waiting for a read
    /// under way.
    public func stop() {
        let threads = lock.withLock {
            pool.stop()
            return pool.threads
        }
        wake.signal()
        for _ in 0..<threads { work.signal() }
        delivering.withLock {}
    }

    /// Reading threads started and not ended, hung ones included.
    var readingThreads: Int { lock.withLock { pool.threads } }

    /// Under `lock`: the sensor's session, made at its first batch.
    private func session(_ sensor: Sensor) -> SensorSession {
        if let session = sessions[sensor] { return session }
        let session = SensorSession(sensor: sensor, locator: locator)
        sessions[sensor] = session
        return session
    }

    /// `gpioagg-sensors`: starts reading threads, delivers, reports, and sleeps until the
    /// pool's next deadline or an event.
    private func run() {
        while true {
            let now = MonotonicClock.now()
            let due: [Ahead] = lock.withLock {
                let due = ahead.filter { $0.start <= now }
                if !due.isEmpty { ahead.removeAll { $0.start <= now } }
                return due
            }
            for batch in due where submit(batch.sensors, patience: batch.patience).count == batch.sensors.count {
                perform(.deliver([]))
            }
            let (actions, deadline, stopped) = lock.withLock {
                let actions = pool.tick(at: now)
                let aheadStart = ahead.map(\.start).min()
                pool.tickDeadline = [pool.nextDeadline, aheadStart].compactMap { $0 }.min()
                return (actions, pool.tickDeadline, pool.stopped)
            }
            if stopped { break }
            for action in actions { perform(action) }
            if let deadline {
                let wait = deadline > now ? deadline - now : 0
                if wait > 0 { _ = wake.wait(timeout: .nanoseconds(Int64(clamping: wait))) }
            } else {
                wake.wait()
            }
        }
        threadEnded()
    }

    private func perform(_ action: SensorReadPool.Action) {
        switch action {
        case .startThread:
            lock.withLock { alive += 1 }
            do throws(SystemCallError) {
                try SystemThread.start(name: "gpioagg-read") { [self] in readJobs() }
            } catch {
                // The jobs wait for the threads there are.
                lock.withLock {
                    alive -= 1
                    pool.threadFailed()
                }
            }
        case .deliver(let readings):
            delivering.withLock {
                guard !lock.withLock({ pool.stopped }) else { return }
                deliver(readings)
            }
        case .hung(let sensors, let since):
            delivering.withLock {
                guard !lock.withLock({ pool.stopped }) else { return }
                hung(sensors, since)
            }
        }
    }

    private struct Ahead {
        let start: UInt64
        let sensors: [Sensor]
        let patience: UInt64?
    }

    private enum Step {
        case run(SensorReadPool.Job, [SensorSession])
        case wait
        case end
    }

    /// `gpioagg-read`: takes jobs until the reader stops, or until it finds none while
    /// another thread waits already.
    private func readJobs() {
        while true {
            let now = MonotonicClock.now()
            var wakeTicker = false
            let step: Step = lock.withLock {
                if pool.stopped {
                    pool.threadEnded()
                    return .end
                }
                guard let (job, wake) = pool.take(at: now) else { return pool.retire() ? .end : .wait }
                wakeTicker = wake
                return .run(job, job.sensors.map(session))
            }
            if wakeTicker { wake.signal() }
            switch step {
            case .end:
                threadEnded()
                return
            case .wait:
                work.wait()
            case .run(let job, let sessions):
                let (readings, located) = Self.run(job, sessions, locator: locator)
                let (jobs, deliver, idle) = lock.withLock {
                    let (jobs, deliver) = pool.finished(job.id, readings: readings, located: located, at: MonotonicClock.now())
                    return (jobs, deliver, pool.idle)
                }
                // This thread takes the next job itself.
                for _ in 0..<min(max(0, jobs - 1), max(0, idle - 1)) { work.signal() }
                if deliver { wake.signal() }
            }
        }
    }

    /// One job on the calling thread: a lane read, or the devices found.
    private static func run(_ job: SensorReadPool.Job, _ sessions: [SensorSession],
                            locator: SensorLocator) -> ([SensorReading], [Sensor: String]) {
        switch job.kind {
        case .read:
            return (read(sessions), [:])
        case .locate:
            var scan = SensorDeviceScan(locator)
            var readings: [SensorReading] = []
            var located: [Sensor: String] = [:]
            for session in sessions {
                if let failure = session.locate(with: &scan) {
                    readings.append(SensorReading(sensor: session.sensor, outcome: .failure(failure), readAt: MonotonicClock.now()))
                } else if let lane = session.lane {
                    located[session.sensor] = lane
                }
            }
            return (readings, located)
        }
    }

    private func threadEnded() {
        let last = lock.withLock {
            alive -= 1
            return alive == 0
        }
        if last { finished.signal() }
    }

    /// One lane: a bulk conversion on each 1-Wire master with more than one of its
    /// thermometers, then every read in turn.
    static func read(_ sessions: [SensorSession]) -> [SensorReading] {
        W1BulkConversion.trigger(for: sessions)
        return sessions.map { session in
            let outcome = session.read()
            return SensorReading(sensor: session.sensor, outcome: outcome, readAt: MonotonicClock.now())
        }
    }
}

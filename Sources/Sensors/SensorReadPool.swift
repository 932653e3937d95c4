/// Which read runs on which thread, and when a batch is delivered: the pure core of
/// `SensorReader`, on nanoseconds of the caller's clock (`MonotonicClock`; the tests'
/// own numbers).
///
/// A batch's sensors are read in lanes, each lane by one thread at a time: the sensors
/// of one device, or of one 1-Wire bus master (a bus that hangs holds every thermometer
/// on it, and its bulk conversion serves them together). Sensors not found yet are first
/// found together, one look at each class folder (a `locate` job), then read in their
/// lanes. A sensor waiting in a job or being read is left out of the next batches, so
/// that a read that hangs holds one thread and its own lane, never a queue behind it.
///
/// Threads: one is started for the first job; another when a job can run, no thread is
/// idle and every read under way has gone on for `slowAfter`, up to `threads`; a thread
/// that finds nothing to read while another waits already ends, so that quick reads keep
/// one thread and a slow one adds a thread only while it lasts. A batch is delivered once, when
/// all its reads are done, or when its patience has passed without the reads still under
/// way, whose readings follow with the next batch delivered, or on their own `slowAfter`
/// after the first of them came. A job under way for
/// `hungAfter` is reported, once.
///
/// ```swift
/// var pool = SensorReadPool(limits: SensorReadLimits())
/// pool.submit([cpu, pond], lane: { _ in nil }, at: now, patience: interval)  // one locate job
/// pool.tick(at: now)                 // [.startThread]
/// let job = pool.take(at: now)       // on that thread
/// pool.finished(job!.id, readings: [], located: [cpu: "/sys/class/thermal/thermal_zone0", ...], at: later)
/// ```
struct SensorReadPool {
    struct Job: Equatable {
        enum Kind: Equatable {
            /// Find the sensors' devices, one look at each class folder for them all.
            case locate
            /// Read the sensors of one lane in turn.
            case read(lane: String)
        }

        let id: Int
        let kind: Kind
        let sensors: [Sensor]
    }

    enum Action: Equatable {
        /// Start a reading thread (counted already: `threadFailed` when it cannot be).
        case startThread
        /// A batch's readings, in the batch's order; or readings that came after their
        /// batch was delivered.
        case deliver([SensorReading])
        /// A job under way for `hungAfter`, with its sensors and when it started.
        case hung([Sensor], since: UInt64)
    }

    private struct Batch {
        let id: Int
        let sensors: [Sensor]
        var readings: [Sensor: SensorReading] = [:]
        var waiting: Set<Sensor>
        let deliverBy: UInt64?
    }

    private struct Running {
        let job: Job
        let since: UInt64
        var reported = false
    }

    let limits: SensorReadLimits
    private var batches: [Batch] = []
    private var queue: [Job] = []
    private var running: [Int: Running] = [:]
    private var busyLanes: Set<String> = []
    /// Each sensor waiting in a job or being read, with its batch's id.
    private var busy: [Sensor: Int] = [:]
    /// Readings whose batch was delivered without them, and when the first came: they
    /// go with the next batch delivered, or `slowAfter` later, so that reads lagging
    /// behind a busy machine do not wake the caller one by one.
    private var late: [SensorReading] = []
    private var lateSince: UInt64?
    private var lastID = 0
    /// Threads started and not ended, and how many of them wait for a job.
    private(set) var threads = 0
    private(set) var idle = 0
    private(set) var stopped = false
    /// When the thread that calls `tick` wakes next by itself (nil: not before an event);
    /// a job starting sooner to turn hung wakes it (`take`).
    var tickDeadline: UInt64?

    init(limits: SensorReadLimits) {
        self.limits = limits
    }

    /// Takes a batch: the sensors neither waiting nor being read, each in its lane
    /// (`lane`: nil for a sensor whose device is not found yet), delivered by
    /// `now + patience` at the latest (nil: once every read is done). Returns the
    /// sensors left out and how many jobs were queued.
    mutating func submit(_ sensors: [Sensor], lane: (Sensor) -> String?, at now: UInt64,
                         patience: UInt64?) -> (left: [Sensor], jobs: Int) {
        guard !stopped else { return (sensors, 0) }
        var taken: [Sensor] = []
        var left: [Sensor] = []
        var seen = Set<Sensor>()
        for sensor in sensors {
            if busy[sensor] != nil || !seen.insert(sensor).inserted { left.append(sensor) } else { taken.append(sensor) }
        }
        guard !taken.isEmpty else { return (left, 0) }
        let id = nextID()
        batches.append(Batch(id: id, sensors: taken, waiting: Set(taken), deliverBy: patience.map { now &+ $0 }))
        for sensor in taken { busy[sensor] = id }
        return (left, enqueue(taken, lane: lane))
    }

    /// The next job for an idle thread, and whether the thread that ticks must wake to
    /// watch it (it sleeps past the time the job would turn hung); nil when none can run
    /// (none queued, or each one's lane under way).
    mutating func take(at now: UInt64) -> (job: Job, wake: Bool)? {
        guard !stopped, idle > 0, let index = queue.firstIndex(where: canRun) else { return nil }
        let job = queue.remove(at: index)
        if case .read(let lane) = job.kind { busyLanes.insert(lane) }
        running[job.id] = Running(job: job, since: now)
        idle -= 1
        let hungAt = now &+ limits.hungAfter
        let wake = tickDeadline.map { $0 > hungAt } ?? true
        if wake { tickDeadline = hungAt }
        return (job, wake)
    }

    /// A job's readings, and for a `locate` job the lanes of the sensors it found, which
    /// are queued in them (their failures are among the readings). The thread is idle
    /// again. Returns how many jobs were queued, and whether `tick` has something to
    /// deliver (a batch read whole, a late reading).
    mutating func finished(_ id: Int, readings: [SensorReading], located: [Sensor: String] = [:],
                           at now: UInt64) -> (jobs: Int, deliver: Bool) {
        guard let done = running.removeValue(forKey: id) else { return (0, false) }
        if case .read(let lane) = done.job.kind { busyLanes.remove(lane) }
        idle += 1
        var deliver = false
        for reading in readings { deliver = record(reading, at: now) || deliver }
        guard !stopped else { return (0, false) }
        return (enqueue(done.job.sensors.filter { located[$0] != nil }, lane: { located[$0] }), deliver)
    }

    /// What is due at `now`: hung jobs to report, a thread to start, batches to deliver.
    mutating func tick(at now: UInt64) -> [Action] {
        guard !stopped else { return [] }
        var actions: [Action] = []
        for id in running.keys.sorted() where !running[id]!.reported && now &- running[id]!.since >= limits.hungAfter {
            running[id]!.reported = true
            actions.append(.hung(running[id]!.job.sensors, since: running[id]!.since))
        }
        if needsThread(at: now) {
            threads += 1
            idle += 1
            actions.append(.startThread)
        }
        var kept: [Batch] = []
        var readings: [SensorReading] = []
        for batch in batches {
            let due = batch.deliverBy.map { now >= $0 } ?? false
            guard batch.waiting.isEmpty || due else {
                kept.append(batch)
                continue
            }
            readings += batch.sensors.compactMap { batch.readings[$0] }
        }
        batches = kept
        if !late.isEmpty, !readings.isEmpty || now >= lateSince.map({ $0 &+ limits.slowAfter }) ?? now {
            readings = late + readings
            (late, lateSince) = ([], nil)
        }
        if !readings.isEmpty { actions.append(.deliver(readings)) }
        return actions
    }

    /// When `tick` has something to do next without another event: a batch's patience,
    /// a job turning hung, a waiting lane's thread; nil when nothing is waited for.
    var nextDeadline: UInt64? {
        guard !stopped else { return nil }
        var deadlines = batches.compactMap { $0.waiting.isEmpty ? nil : $0.deliverBy }
        deadlines += running.values.filter { !$0.reported }.map { $0.since &+ limits.hungAfter }
        if let lateSince { deadlines.append(lateSince &+ limits.slowAfter) }
        if wantsThread, let youngest = running.values.map(\.since).max() {
            deadlines.append(youngest &+ limits.slowAfter)
        }
        return deadlines.min()
    }

    /// An idle thread found no job: true when it ends, another thread being idle already
    /// (so one thread always stays for the next batch).
    mutating func retire() -> Bool {
        guard !stopped, idle > 1, !queue.contains(where: canRun) else { return false }
        threads -= 1
        idle -= 1
        return true
    }

    /// A thread could not be started.
    mutating func threadFailed() {
        threads -= 1
        idle -= 1
    }

    /// An idle thread ends after `stop`.
    mutating func threadEnded() {
        threads -= 1
        idle -= 1
    }

    /// Takes no batch and delivers nothing from now on; jobs queued are never run.
    mutating func stop() {
        stopped = true
        queue = []
        batches = []
        (late, lateSince) = ([], nil)
    }

    /// Every sensor waiting in a job or being read.
    var busySensors: Set<Sensor> { Set(busy.keys) }

    private func canRun(_ job: Job) -> Bool {
        switch job.kind {
        case .locate: true
        case .read(let lane): !busyLanes.contains(lane)
        }
    }

    /// A job could run and no thread is idle to take it, with room for a thread.
    private var wantsThread: Bool {
        idle == 0 && threads < limits.threads && queue.contains(where: canRun)
    }

    private func needsThread(at now: UInt64) -> Bool {
        wantsThread && running.values.allSatisfy { now &- $0.since >= limits.slowAfter }
    }

    private mutating func nextID() -> Int {
        lastID += 1
        return lastID
    }

    /// Queues a locate job for the sensors without a lane and a read job per lane for
    /// the others, lanes in the order of their first sensor.
    private mutating func enqueue(_ sensors: [Sensor], lane: (Sensor) -> String?) -> Int {
        var unlocated: [Sensor] = []
        var lanes: [String] = []
        var members: [String: [Sensor]] = [:]
        for sensor in sensors {
            guard let key = lane(sensor) else {
                unlocated.append(sensor)
                continue
            }
            if members[key] == nil { lanes.append(key) }
            members[key, default: []].append(sensor)
        }
        var jobs: [Job] = []
        if !unlocated.isEmpty { jobs.append(Job(id: nextID(), kind: .locate, sensors: unlocated)) }
        for key in lanes { jobs.append(Job(id: nextID(), kind: .read(lane: key), sensors: members[key] ?? [])) }
        queue += jobs
        return jobs.count
    }

    /// Whether it completes its batch, or is the first to come after its batch was
    /// delivered.
    private mutating func record(_ reading: SensorReading, at now: UInt64) -> Bool {
        guard let id = busy.removeValue(forKey: reading.sensor) else { return false }
        guard let index = batches.firstIndex(where: { $0.id == id }) else {
            guard !stopped else { return false }
            late.append(reading)
            if lateSince == nil {
                lateSince = now
                return true
            }
            return false
        }
        batches[index].readings[reading.sensor] = reading
        batches[index].waiting.remove(reading.sensor)
        return batches[index].waiting.isEmpty
    }
}

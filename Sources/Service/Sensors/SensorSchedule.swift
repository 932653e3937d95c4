import Config
import Sensors

/// When each sensor input is read: the inputs grouped by `interval`, each group one
/// batch, read together when it is due, so that sensors sharing an interval cost one
/// read of the reader's thread and one delivery to the loop per interval. A pure value
/// on nanoseconds of whatever clock the caller uses: `SensorScheduler` runs it on the
/// loop's (`MonotonicClock`, or the twin's virtual one), the tests on their own numbers.
///
/// Every group is due first at `start`. A group whose time was missed (the loop woke
/// late) is read once and keeps its phase: it never catches up in a burst. A schedule
/// made for a reload carries the running one's: a group of an interval it had keeps its
/// next time, and only the sensors new to it are read at once, so that a reload of an
/// unchanged file reads nothing sooner or later than it would have.
///
/// ```swift
/// var schedule = SensorSchedule(configuration.sensorInputs, start: now)
/// schedule.due(at: now)     // every batch, at once
/// schedule.nextDue          // now + the shortest interval
/// schedule = SensorSchedule(reloaded.sensorInputs, start: later, carrying: schedule)
/// ```
struct SensorSchedule {
    struct Batch: Equatable {
        let interval: UInt64
        let sensors: [Sensor]
        fileprivate(set) var due: UInt64
    }

    private(set) var batches: [Batch]
    /// Read once at the next `due`: the sensors a reload added to a group it kept.
    private(set) var firstReads: [Batch] = []

    /// One batch per interval, shortest first, each sensor once in it (two inputs on one
    /// sensor and interval share its read). With `previous`, each group of an interval
    /// it has keeps its next time, and the sensors it lacks are read at once.
    init(_ inputs: [SensorInputDeclaration], start: UInt64, carrying previous: SensorSchedule? = nil) {
        var groups: [UInt64: [Sensor]] = [:]
        for input in inputs {
            let interval = max(1, input.interval.wholeNanoseconds)
            if groups[interval]?.contains(input.sensor) != true { groups[interval, default: []].append(input.sensor) }
        }
        batches = groups.keys.sorted().map { Batch(interval: $0, sensors: groups[$0] ?? [], due: start) }
        guard let previous else { return }
        for index in batches.indices {
            guard let kept = previous.batches.first(where: { $0.interval == batches[index].interval }) else { continue }
            batches[index].due = kept.due
            let waiting = previous.firstReads.filter { $0.interval == kept.interval }.flatMap(\.sensors)
            let added = batches[index].sensors.filter { !kept.sensors.contains($0) || waiting.contains($0) }
            if !added.isEmpty { firstReads.append(Batch(interval: kept.interval, sensors: added, due: start)) }
        }
    }

    /// The sensors of the batches due at `now`, in the order of their intervals.
    mutating func due(at now: UInt64) -> [[Sensor]] {
        dueBatches(at: now).map(\.sensors)
    }

    /// The batches due at `now`: the first reads of sensors a reload added, then the
    /// groups in the order of their intervals, each moved on to its next time after `now`.
    mutating func dueBatches(at now: UInt64) -> [Batch] {
        var due = firstReads
        firstReads = []
        for index in batches.indices where batches[index].due <= now {
            due.append(batches[index])
            let interval = batches[index].interval
            let missed = (now - batches[index].due) / interval
            batches[index].due += (missed + 1) * interval
        }
        return due
    }

    /// When the next batch is due; nil with no sensor input.
    var nextDue: UInt64? { (firstReads + batches).map(\.due).min() }
}

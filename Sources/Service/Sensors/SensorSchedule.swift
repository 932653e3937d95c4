import Config
import Sensors

/// When each sensor input is read: the inputs grouped by `interval`, each group one
/// batch, read together when it is due, so that sensors sharing an interval cost one
/// read of the reader's thread and one delivery to the loop per interval. A pure value
/// on nanoseconds of whatever clock the caller uses: `SensorPacer` runs it on
/// `MonotonicClock`, the tests on a virtual one.
///
/// Every group is due first at `start`. A group whose time was missed (the thread woke
/// late) is read once and keeps its phase: it never catches up in a burst.
///
/// ```swift
/// var schedule = SensorSchedule(configuration.sensorInputs, start: now)
/// schedule.due(at: now)     // every batch, at once
/// schedule.nextDue          // now + the shortest interval
/// ```
struct SensorSchedule {
    struct Batch: Equatable {
        let interval: UInt64
        let sensors: [Sensor]
        fileprivate(set) var due: UInt64
    }

    private(set) var batches: [Batch]

    /// One batch per interval, shortest first, each sensor once in it (two inputs on one
    /// sensor and interval share its read).
    init(_ inputs: [SensorInputDeclaration], start: UInt64) {
        var groups: [UInt64: [Sensor]] = [:]
        for input in inputs {
            let interval = max(1, input.interval.wholeNanoseconds)
            if groups[interval]?.contains(input.sensor) != true { groups[interval, default: []].append(input.sensor) }
        }
        batches = groups.keys.sorted().map { Batch(interval: $0, sensors: groups[$0] ?? [], due: start) }
    }

    /// The batches due at `now`, in the order of their intervals; each moves on to its
    /// next time after `now`.
    mutating func due(at now: UInt64) -> [[Sensor]] {
        var due: [[Sensor]] = []
        for index in batches.indices where batches[index].due <= now {
            due.append(batches[index].sensors)
            let interval = batches[index].interval
            let missed = (now - batches[index].due) / interval
            batches[index].due += (missed + 1) * interval
        }
        return due
    }

    /// When the next batch is due; nil with no sensor input.
    var nextDue: UInt64? { batches.map(\.due).min() }
}

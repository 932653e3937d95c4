import Config
import Locks
import Sensors
import SystemCore

/// Keeps the sensor inputs' schedule off the event loop: a thread of its own
/// (`gpioagg-sched`) sleeps until the next batch of `SensorSchedule` is due, hands it
/// to a `SensorReader` and sleeps again. The reader reads the batch on its threads and
/// calls `deliver` once for it (by the batch's interval at the latest), so the loop wakes
/// once per interval, for the delivery alone, and never between.
///
/// A read that hangs holds up one of the reader's threads and its own lane only: the
/// batches due meanwhile leave out the sensor being read (`SensorReader.submit`
/// coalesces it) and are delivered without it; the loop hears nothing of it, which is
/// what the inputs' `timeout` watches for, and `hung` once.
///
/// A reload hands the scheduler the new inputs (`replace`): the same thread and reader
/// go on, each device found so far stays found, and the groups of an interval already
/// read keep their next time (`SensorSchedule(_:start:carrying:)`), so that a reload of
/// an unchanged file costs no read and no thread.
///
/// `stop` returns at once, without waiting for a read (see `SensorReader.stop`); nothing
/// is delivered once it has returned.
///
/// ```swift
/// let scheduler = try SensorScheduler(configuration.sensorInputs, root: "/sys") { readings in
///     loop.execute { inputs.receive(readings) }
/// }
/// scheduler.replace(reloaded.sensorInputs)
/// scheduler.stop()
/// ```
final class SensorScheduler: @unchecked Sendable {
    private let reader: SensorReader
    private let lock = Lock()
    /// Under `lock`.
    private var stopped = false
    /// Under `lock`: the inputs of a reload, not yet taken by the thread.
    private var replacement: [SensorInputDeclaration]?
    private let wake = Semaphore()

    /// Starts both threads; every batch is due at once. Throws when a thread cannot be
    /// started (`EAGAIN`).
    init(_ inputs: [SensorInputDeclaration], root: String, limits: SensorReadLimits = SensorReadLimits(),
         deliver: @escaping SensorReader.Delivery,
         hung: @escaping SensorReader.HungReport = { _, _ in }) throws(SystemCallError) {
        reader = try SensorReader(root: root, limits: limits, deliver: deliver, hung: hung)
        let schedule = SensorSchedule(inputs, start: MonotonicClock.now())
        do throws(SystemCallError) {
            try SystemThread.start(name: "gpioagg-sched") { [self] in run(schedule) }
        } catch {
            reader.stop()
            throw error
        }
    }

    /// Reads `inputs` from now on, keeping the schedule of the intervals already read.
    func replace(_ inputs: [SensorInputDeclaration]) {
        lock.withLock { replacement = inputs }
        wake.signal()
    }

    /// Stops reading and delivering; returns without waiting for a read under way.
    func stop() {
        lock.withLock { stopped = true }
        wake.signal()
        reader.stop()
    }

    private func run(_ schedule: SensorSchedule) {
        var schedule = schedule
        while true {
            let (stop, inputs) = lock.withLock {
                defer { replacement = nil }
                return (stopped, replacement)
            }
            if stop { break }
            if let inputs {
                schedule = SensorSchedule(inputs, start: MonotonicClock.now(), carrying: schedule)
                reader.keep(only: Set(inputs.map(\.sensor)))
            }
            for batch in schedule.dueBatches(at: MonotonicClock.now()) {
                reader.submit(batch.sensors, patience: batch.interval)
            }
            guard let next = schedule.nextDue else {
                wake.wait()
                continue
            }
            let now = MonotonicClock.now()
            if next > now { _ = wake.wait(timeout: .nanoseconds(Int64(clamping: next - now))) }
        }
    }
}

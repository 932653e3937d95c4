import Config
import Locks
import Sensors
import SystemCore

/// Keeps the sensor inputs' schedule off the event loop: a thread of its own
/// (`gpioagg-sched`) sleeps until the next batch of `SensorSchedule` is due, hands it
/// to a `SensorReader` and sleeps again. The reader reads the batch on its thread and
/// calls `deliver` once for it, so the loop wakes once per interval, for the delivery
/// alone, and never between.
///
/// A read that hangs holds up the reader's thread only: the batches due meanwhile leave
/// out the sensor being read (`SensorReader.submit` coalesces it) and wait behind it;
/// the loop hears nothing, which is what the inputs' `timeout` watches for.
///
/// `stop` returns at once, without waiting for a read (see `SensorReader.stop`); nothing
/// is delivered once it has returned.
///
/// ```swift
/// let scheduler = try SensorScheduler(configuration.sensorInputs, root: "/sys") { readings in
///     loop.execute { inputs.receive(readings) }
/// }
/// scheduler.stop()
/// ```
final class SensorScheduler: @unchecked Sendable {
    private let reader: SensorReader
    private let lock = Lock()
    /// Under `lock`.
    private var stopped = false
    private let wake = Semaphore()

    /// Starts both threads; every batch is due at once. Throws when a thread cannot be
    /// started (`EAGAIN`).
    init(_ inputs: [SensorInputDeclaration], root: String,
         deliver: @escaping SensorReader.Delivery) throws(SystemCallError) {
        reader = try SensorReader(root: root, deliver: deliver)
        let schedule = SensorSchedule(inputs, start: MonotonicClock.now())
        do throws(SystemCallError) {
            try SystemThread.start(name: "gpioagg-sched") { [self] in run(schedule) }
        } catch {
            reader.stop()
            throw error
        }
    }

    /// Stops reading and delivering; returns without waiting for a read under way.
    func stop() {
        lock.withLock { stopped = true }
        wake.signal()
        reader.stop()
    }

    private func run(_ schedule: SensorSchedule) {
        var schedule = schedule
        while !lock.withLock({ stopped }) {
            for batch in schedule.due(at: MonotonicClock.now()) { reader.submit(batch) }
            guard let next = schedule.nextDue else {
                wake.wait()
                continue
            }
            let now = MonotonicClock.now()
            if next > now { _ = wake.wait(timeout: .nanoseconds(Int64(clamping: next - now))) }
        }
    }
}

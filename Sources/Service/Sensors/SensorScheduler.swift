import Config
import Loop
import Sensors
import SystemCore

/// Runs the sensor inputs' schedule (`SensorSchedule`) on the loop's clock and hands each
/// batch, when it is due, to a `SensorReader`, which reads it off the loop and calls
/// `deliver` once for it (by the batch's interval at the latest). Only the time of each
/// batch is decided here; no read runs on the loop.
///
/// On the daemon's loop (`PosixEventLoop`, whose clock is `MonotonicClock`) each batch
/// is handed to the reader ahead, with the time it is due, when the previous one's
/// delivery comes in (`delivered()`): the reader's thread starts it then, and the loop
/// wakes once per interval, for the delivery alone. On any other loop (the twin,
/// `EmbeddedEventLoop`, on virtual time) one loop timer at the next due time hands the
/// batch over, so that advancing the clock reads the sensors.
///
/// A read that hangs holds up one of the reader's threads and its own lane only: the
/// batches due meanwhile leave out the sensor being read (`SensorReader.submit`
/// coalesces it) and are delivered without it; the loop hears nothing of it, which is
/// what the inputs' `timeout` watches for, and `hung` once.
///
/// A reload hands the scheduler the new inputs (`replace`): the same reader goes on, each
/// device found so far stays found, and the groups of an interval already read keep their
/// next time (`SensorSchedule(_:start:carrying:)`; a batch handed ahead and not due yet
/// is taken back first), so that a reload of an unchanged file costs no read and no
/// thread.
///
/// `stop` returns at once, without waiting for a read (see `SensorReader.stop`); nothing
/// is delivered once it has returned.
///
/// ```swift
/// let scheduler = try SensorScheduler(configuration.sensorInputs, root: "/sys", loop: loop) { readings in
///     loop.execute { inputs.receive(readings); scheduler.delivered() }
/// }
/// scheduler.replace(reloaded.sensorInputs)
/// scheduler.stop()
/// ```
///
/// Loop thread only.
final class SensorScheduler {
    private let loop: any EventLoop
    private let reader: SensorReader
    private var schedule: SensorSchedule
    /// Whether the reader's thread waits for each batch's time (see the type's comment).
    private let handsAhead: Bool
    /// The virtual clock's timer at the next due time.
    private var timer: LoopTimer?
    /// The times handed ahead, each with the schedule as it was before: a reload that
    /// takes a batch back carries the schedule that had not read it yet.
    private var handed: [(start: UInt64, before: SensorSchedule)] = []

    /// Starts the reader's thread; every batch is due at once. Throws when a thread
    /// cannot be started (`EAGAIN`).
    init(_ inputs: [SensorInputDeclaration], root: String, loop: any EventLoop,
         limits: SensorReadLimits = SensorReadLimits(),
         deliver: @escaping SensorReader.Delivery,
         hung: @escaping SensorReader.HungReport = { _, _ in }) throws(SystemCallError) {
        loop.preconditionInEventLoop()
        self.loop = loop
        // The reader's thread can wait on the real loop's clock, not on a virtual one.
        handsAhead = loop.isMonotonicClock
        reader = try SensorReader(root: root, limits: limits, deliver: deliver, hung: hung)
        schedule = SensorSchedule(inputs, start: loop.now)
        plan()
    }

    /// Reads `inputs` from now on, keeping the schedule of the intervals already read.
    func replace(_ inputs: [SensorInputDeclaration]) {
        timer?.cancel()
        timer = nil
        var current = schedule
        if let withdrawn = reader.withdrawAhead(), let before = handed.first(where: { $0.start == withdrawn })?.before {
            current = before
        }
        handed = []
        schedule = SensorSchedule(inputs, start: loop.now, carrying: current)
        reader.keep(only: Set(inputs.map(\.sensor)))
        plan()
    }

    /// A delivery of the reader reached the loop: the next batch is handed ahead, unless
    /// one is already waiting for its time.
    func delivered() {
        guard handsAhead, !(handed.last.map { $0.start > loop.now } ?? false) else { return }
        plan()
    }

    /// Stops reading and delivering; returns without waiting for a read under way.
    func stop() {
        timer?.cancel()
        timer = nil
        reader.stop()
    }

    /// Hands the next batches ahead, or arms the timer for them. A time missed (the loop
    /// woke late) is read once, now, and the groups keep their phase.
    private func plan() {
        guard let next = schedule.nextDue else { return }
        guard handsAhead else {
            // What is due already is handed over now: a timer would wait for the clock to move.
            if next <= loop.now { due() } else { timer = loop.schedule(atNanoseconds: next) { [weak self] in self?.due() } }
            return
        }
        let start = max(next, loop.now)
        let before = schedule
        for batch in schedule.dueBatches(at: start) {
            reader.submit(batch.sensors, patience: batch.interval, at: start)
        }
        handed = Array((handed + [(start, before)]).suffix(4))
    }

    private func due() {
        timer = nil
        for batch in schedule.dueBatches(at: loop.now) {
            reader.submit(batch.sensors, patience: batch.interval)
        }
        plan()
    }
}

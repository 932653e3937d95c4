#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CLoopLinux
import SystemCore

/// The wall clock of the real loop.
///
/// Wall timers are on a timerfd of their own, on `CLOCK_REALTIME`, armed
/// `TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET` at the earliest one (at the largest
/// `time_t` while only watchers are left): an absolute realtime timer follows the clock
/// as NTP slews it and as it is set, which a `CLOCK_MONOTONIC` deadline worked out from
/// the time of day would not, and `TFD_TIMER_CANCEL_ON_SET` makes the kernel report every
/// step. What was checked (Linux `fs/timerfd.c`, timerfd_create(2)):
/// - When the clock is set (`clock_was_set()` from `settimeofday`, `clock_settime`,
///   `adjtimex` `ADJ_SETOFFSET`) the kernel marks every such timerfd and makes it
///   readable; the next `read` fails with `ECANCELED` (and clears the mark). The timer
///   itself stays armed at its absolute instant; the loop re-arms it all the same.
/// - `timerfd_settime` on a marked timerfd fails with `ECANCELED` and arms it all the
///   same (the man page calls this an accident that will not be fixed); the mark is then
///   cleared, so the loop takes that failure as the step it is.
/// - It is not a time namespace's clock: namespaces offset only `CLOCK_MONOTONIC` and
///   `CLOCK_BOOTTIME`.
///
/// The kernel never says when the clock becomes synchronized, so while it is not and
/// someone watches, the loop asks `adjtimex` every 10 s (and at every step), and stops
/// asking once it is. Nothing of this exists until a wall timer or a watcher is asked
/// for, and it is let go of once neither is left.
extension PosixEventLoop {
    /// How often an unsynchronized, watched wall clock is asked about.
    static let synchronizationCheckInterval: UInt64 = 10_000_000_000

    public var wallClockNow: Int64 { WallClock.now() }

    public var isWallClockSynchronized: Bool { WallClock.isSynchronized() }

    /// Also safe from another thread: the timer is added through the work queue.
    @discardableResult
    public func schedule(atWallClock instant: Int64, _ action: @escaping () -> Void) -> LoopTimer {
        let timer = LoopTimer(interval: 0, action: action)
        if inEventLoop {
            insertWallTimer(timer, at: instant)
        } else {
            execute { [self] in insertWallTimer(timer, at: instant) }
        }
        return timer
    }

    /// Also safe from another thread: the watch starts once the loop gets to it.
    @discardableResult
    public func watchWallClock(_ handler: @escaping (WallClockChange) -> Void) -> WallClockWatch {
        let watch = WallClockWatch(handler: handler) { [weak self] in
            self?.execute { [weak self] in self?.releaseWallClockIfUnused() }
        }
        if inEventLoop {
            addWallClockWatch(watch)
        } else {
            execute { [self] in addWallClockWatch(watch) }
        }
        return watch
    }

    /// The wall timerfd, nil while nothing asks for the wall clock. Loop thread only.
    package var wallClockDescriptor: Int32? {
        preconditionInEventLoop()
        return wall.descriptor
    }

    /// Whether the loop asks the kernel about synchronization on a timer now. Loop thread
    /// only.
    package var checksWallClockSynchronization: Bool {
        preconditionInEventLoop()
        return wall.synchronizationCheck != nil
    }

    // MARK: Timers and watches

    private static func heapInstant(_ instant: Int64) -> UInt64 { UInt64(clamping: instant) }

    private func insertWallTimer(_ timer: LoopTimer, at instant: Int64) {
        wall.timers.insert(timer, at: Self.heapInstant(instant))
        wall.timers.dropCancelledAtTop()
        guard let earliest = wall.timers.earliestDeadline, earliest != wall.armedInstant || wall.descriptor == nil
        else { return }
        rearmWallClock()
    }

    private func addWallClockWatch(_ watch: WallClockWatch) {
        guard !watch.isCancelled else { return }
        let first = !wall.hasLiveWatches
        wall.pruneWatches()
        wall.watches.append(watch)
        guard first else { return }
        wall.synchronized = WallClock.isSynchronized()
        rearmWallClock()
        updateSynchronizationCheck()
    }

    /// After a watch was cancelled: stops asking about synchronization, and closes the
    /// timerfd, once nothing needs them.
    func releaseWallClockIfUnused() {
        wall.pruneWatches()
        updateSynchronizationCheck()
        wall.timers.sweepCancelled()
        rearmWallClock()
    }

    // MARK: The timerfd

    /// The timerfd is readable: a timer is due, or the clock was set.
    private func wallClockDescriptorReady() {
        guard let descriptor = wall.descriptor else { return }
        serviceWallClock(stepped: cloop_wall_timerfd_read(descriptor) == 2)
    }

    /// After a step: the watchers first, then the timers it jumped over; then the timerfd
    /// armed for what is next (which may report another step).
    private func serviceWallClock(stepped: Bool) {
        var stepped = stepped
        repeat {
            if stepped {
                tellWallClockWatches(.set)
                if wall.hasLiveWatches { checkSynchronization() }
            }
            runDueWallTimers()
            stepped = armWallClock()
        } while stepped
    }

    private func rearmWallClock() {
        if armWallClock() { serviceWallClock(stepped: true) }
    }

    private func runDueWallTimers() {
        let now = Self.heapInstant(WallClock.now())
        while let entry = wall.timers.popDue(now: now) {
            guard !entry.timer.isCancelled else { continue }
            entry.timer.action.value()
        }
    }

    /// Arms the timerfd at the earliest wall timer, at "never" while only watchers are
    /// left, or closes it when nothing is. Returns true when the kernel said the clock
    /// was set since the timerfd was last read.
    private func armWallClock() -> Bool {
        wall.timers.dropCancelledAtTop()
        let earliest = wall.timers.earliestDeadline
        guard earliest != nil || wall.hasLiveWatches else {
            closeWallClockDescriptor()
            return false
        }
        guard let descriptor = openWallClockDescriptor() else {
            armFallback(for: earliest)
            return false
        }
        wall.armedInstant = earliest
        let result = cloop_wall_timerfd_arm(descriptor, Int64(clamping: earliest ?? 0), earliest == nil ? 1 : 0)
        return result == 1
    }

    private func openWallClockDescriptor() -> Int32? {
        if let descriptor = wall.descriptor { return descriptor }
        guard let descriptor = try? SystemCall.retrying("timerfd_create", { cloop_wall_timerfd_create() }) else {
            return nil
        }
        wall.fallback?.cancel()
        wall.fallback = nil
        wall.descriptor = descriptor
        watch(fd: descriptor) { [weak self] _ in self?.wallClockDescriptorReady() }
        return descriptor
    }

    private func closeWallClockDescriptor() {
        wall.fallback?.cancel()
        wall.fallback = nil
        wall.armedInstant = nil
        guard let descriptor = wall.descriptor else { return }
        unwatch(fd: descriptor)
        SystemCall.close(descriptor)
        wall.descriptor = nil
    }

    /// Without a timerfd (the process is out of descriptors) the wall timers still run,
    /// from a loop timer at the earliest one's distance on the wall clock; steps are then
    /// not seen. Opening is tried again at least every 10 s.
    private func armFallback(for earliest: UInt64?) {
        wall.fallback?.cancel()
        var delay = Self.synchronizationCheckInterval
        if let earliest { delay = min(delay, UInt64(clamping: Int64(clamping: earliest) &- WallClock.now())) }
        wall.fallback = schedule(atNanoseconds: now &+ delay, interval: 0) { [weak self] in
            self?.wall.fallback = nil
            self?.serviceWallClock(stepped: false)
        }
    }

    // MARK: Synchronization

    private func tellWallClockWatches(_ change: WallClockChange) {
        wall.pruneWatches()
        for watch in wall.watches where !watch.isCancelled {
            watch.handler.value(change)
        }
    }

    private func checkSynchronization() {
        let synchronized = WallClock.isSynchronized()
        if synchronized != wall.synchronized {
            wall.synchronized = synchronized
            tellWallClockWatches(synchronized ? .synchronized : .unsynchronized)
        }
        updateSynchronizationCheck()
    }

    private func updateSynchronizationCheck() {
        let wanted = !wall.synchronized && wall.hasLiveWatches
        if wanted, wall.synchronizationCheck == nil {
            let interval = Self.synchronizationCheckInterval
            wall.synchronizationCheck = schedule(atNanoseconds: now &+ interval, interval: interval) { [weak self] in
                self?.checkSynchronization()
            }
        } else if !wanted, let check = wall.synchronizationCheck {
            check.cancel()
            wall.synchronizationCheck = nil
        }
    }
}

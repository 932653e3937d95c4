import CLoopLinux
import SystemCore

extension PosixEventLoop {
    /// Also safe from another thread: the timer is added through the work queue.
    @discardableResult
    public func schedule(atNanoseconds deadline: UInt64, interval: UInt64,
                         _ action: @escaping () -> Void) -> LoopTimer {
        let timer = LoopTimer(interval: interval, action: action)
        if inEventLoop {
            insert(timer, at: deadline)
        } else {
            execute { [self] in insert(timer, at: deadline) }
        }
        return timer
    }

    /// The timerfd is re-armed only when the earliest live deadline moves: earlier, or
    /// later when the timer that was earliest has been cancelled, so that a timeout moved
    /// on (cancelled and scheduled again later) does not wake the loop at its old time.
    private func insert(_ timer: LoopTimer, at deadline: UInt64) {
        timers.insert(timer, at: deadline)
        timers.dropCancelledAtTop()
        guard let earliest = timers.earliestDeadline, earliest != armedDeadline else { return }
        arm(earliest)
    }

    private func arm(_ deadline: UInt64) {
        armedDeadline = deadline
        _ = cloop_timerfd_arm(timerDescriptor, deadline)
    }

    /// Called when the timerfd expired: runs what is due, then arms it for what is next.
    func runDueTimers() {
        armedDeadline = nil
        let now = MonotonicClock.now()
        while let entry = timers.popDue(now: now) {
            let timer = entry.timer
            guard !timer.isCancelled else { continue }
            if timer.interval > 0 {
                // Put it back before running it, so that the action can cancel it; a
                // repeating timer that fell behind skips the runs it missed.
                var next = entry.deadline &+ timer.interval
                if next <= now { next = now &+ timer.interval }
                timers.insert(timer, at: next)
            }
            timer.action.value()
        }
        timers.dropCancelledAtTop()
        if let earliest = timers.earliestDeadline {
            arm(earliest)
        } else {
            _ = cloop_timerfd_disarm(timerDescriptor)
        }
    }
}

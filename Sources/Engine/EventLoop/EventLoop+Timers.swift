import CEngineLinux
import GPIO

extension EventLoop {
    /// Adds a timer on the loop thread (directly, or through the work queue).
    func addTimer(at deadline: UInt64, interval: UInt64, _ action: @escaping () -> Void) -> EventLoopTimer {
        let timer = EventLoopTimer(interval: interval, action: action)
        if isHostThread {
            insert(timer, at: deadline)
        } else {
            execute { [self] in insert(timer, at: deadline) }
        }
        return timer
    }

    /// The timerfd is re-armed only when the earliest deadline moves earlier.
    private func insert(_ timer: EventLoopTimer, at deadline: UInt64) {
        timers.insert(timer, at: deadline)
        if let armed = armedDeadline, armed <= deadline { return }
        arm(deadline)
    }

    private func arm(_ deadline: UInt64) {
        armedDeadline = deadline
        _ = cengine_timerfd_arm(timerDescriptor, deadline)
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
            _ = cengine_timerfd_disarm(timerDescriptor)
        }
    }
}

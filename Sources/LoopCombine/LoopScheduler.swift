import Loop
import Reactive

/// A Combine `Scheduler` that runs actions on an `EventLoop`'s thread, timed on the
/// loop's clock (`CLOCK_MONOTONIC` for `PosixEventLoop`, virtual time for the twin), so
/// that `debounce`, `delay` and the like run in virtual time in tests and on the timerfd
/// in the daemon. Safe to use from any thread.
///
/// ```swift
/// let cancellable = button
///     .debounce(for: .milliseconds(20), scheduler: loop.scheduler)
///     .sink { print("settled:", $0) }            // on the loop thread
/// ```
public struct LoopScheduler: Scheduler, Sendable {
    public typealias SchedulerOptions = Never

    public let loop: any EventLoop

    public init(loop: any EventLoop) {
        self.loop = loop
    }

    public var now: SchedulerTimeType { SchedulerTimeType(nanoseconds: loop.now) }

    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    /// Runs `action` on the loop thread as soon as possible, after the work already
    /// queued (never within the caller's stack, even on the loop thread).
    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        let handover = UncheckedSendable(action)
        loop.execute { handover.value() }
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
                         options: Never?, _ action: @escaping () -> Void) {
        onLoop { loop.schedule(atNanoseconds: date.nanoseconds, interval: 0, action) }
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
                         tolerance: SchedulerTimeType.Stride, options: Never?,
                         _ action: @escaping () -> Void) -> Cancellable {
        // A repeating action needs time to pass between runs.
        let every = UInt64(max(interval.nanoseconds, 1))
        let box = CancelBox()
        if loop.inEventLoop {
            box.set(loop.schedule(atNanoseconds: date.nanoseconds, interval: every, action))
            return box
        }
        let handover = UncheckedSendable(action)
        loop.execute { [loop] in
            box.set(loop.schedule(atNanoseconds: date.nanoseconds, interval: every, handover.value))
        }
        return box
    }

    /// Loops take timers on their own thread: from elsewhere, hand the call over.
    private func onLoop(_ body: @escaping () -> Void) {
        if loop.inEventLoop {
            body()
        } else {
            let handover = UncheckedSendable(body)
            loop.execute { handover.value() }
        }
    }
}

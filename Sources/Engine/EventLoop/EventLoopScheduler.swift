import Reactive
import GPIO

/// An OpenCombine `Scheduler` that runs actions on an `EventLoop`'s thread, timed on
/// `CLOCK_MONOTONIC` through the loop's timerfd. Safe to use from any thread.
///
/// ```swift
/// let scheduler = loop.scheduler
/// let cancellable = button
///     .debounce(for: .milliseconds(20), scheduler: scheduler)
///     .sink { print("settled:", $0) }            // on the loop thread
/// scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(50))) { blink() }
/// ```
public struct EventLoopScheduler: Scheduler, Sendable {
    public typealias SchedulerOptions = Never

    public let loop: EventLoop

    public init(loop: EventLoop) {
        self.loop = loop
    }

    public var now: SchedulerTimeType { SchedulerTimeType(nanoseconds: MonotonicClock.now()) }

    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    /// Runs `action` on the loop thread as soon as possible, after the work already
    /// queued (never within the caller's stack, even on the loop thread).
    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        let handover = UncheckedSendable(action)
        loop.execute { handover.value() }
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
                         options: Never?, _ action: @escaping () -> Void) {
        _ = loop.addTimer(at: date.nanoseconds, interval: 0, action)
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
                         tolerance: SchedulerTimeType.Stride, options: Never?,
                         _ action: @escaping () -> Void) -> Cancellable {
        // A repeating action needs time to pass between runs.
        let every = UInt64(max(interval.nanoseconds, 1))
        return loop.addTimer(at: date.nanoseconds, interval: every, action)
    }
}

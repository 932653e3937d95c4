#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Reactive

/// Where an `Engine` runs: one thread that owns its descriptors, its timers and its
/// pipelines, and the clock they share.
///
/// Two hosts exist: `EventLoop` (a thread blocked in `poll(2)`, timers on a timerfd) for
/// the daemon, and `ManualEngineHost` for tests and benchmarks, which does nothing until
/// told to (`pump()`), on whatever scheduler the test drives (`VirtualTimeScheduler`).
///
/// The host's clock must be the clock of the backend's event timestamps: the kernel's
/// `CLOCK_MONOTONIC` for libgpiod, the `SimulationClock` for simulated chips.
///
/// ```swift
/// let loop = try EventLoop()
/// loop.watch(fd: socket) { revents in acceptConnection() }
/// loop.execute { print("on the loop thread") }
/// ```
public protocol EngineHost: AnyObject {
    /// The scheduler of timed work (debounce deadlines, pulses); runs actions on the
    /// host's thread.
    associatedtype TimeScheduler: Scheduler

    var scheduler: TimeScheduler { get }

    /// A scheduler instant as nanoseconds on the event-timestamp clock.
    func nanoseconds(at time: TimeScheduler.SchedulerTimeType) -> UInt64

    /// The scheduler instant of a time on the event-timestamp clock.
    func schedulerTime(atNanoseconds nanoseconds: UInt64) -> TimeScheduler.SchedulerTimeType

    /// Whether the caller runs on the host's thread (where the engine must be used).
    var isHostThread: Bool { get }

    /// Calls `handler` on the host's thread with the returned events (`revents`) each
    /// time `fd` is ready for `events` (`POLLIN`, `POLLOUT`). Watching a descriptor
    /// again replaces its events and handler. May be called from within a handler.
    func watch(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void)

    /// Stops watching `fd`; its handler is not called again. Call before closing it.
    func unwatch(fd: Int32)

    /// Runs `work` on the host's thread, after what is already queued. Safe from any
    /// thread.
    func execute(_ work: @escaping @Sendable () -> Void)

    /// Runs `action` on the host's thread once the clock reaches `deadline`
    /// (nanoseconds on the event-timestamp clock). A host runs the handlers of
    /// descriptors that are ready before the timers that are due, so that a deadline
    /// never overtakes an event that came before it.
    func schedule(atNanoseconds deadline: UInt64, _ action: @escaping () -> Void)
}

extension EngineHost {
    /// Now, in nanoseconds on the event-timestamp clock.
    public var now: UInt64 { nanoseconds(at: scheduler.now) }

    /// Watches `fd` for input (`POLLIN`).
    public func watch(fd: Int32, handler: @escaping (Int16) -> Void) {
        watch(fd: fd, events: Int16(POLLIN), handler: handler)
    }

    public func schedule(atNanoseconds deadline: UInt64, _ action: @escaping () -> Void) {
        scheduler.schedule(after: schedulerTime(atNanoseconds: deadline), action)
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore

/// One thread that owns descriptors, timers and the pipelines built on them, and the
/// clock they share: what the engine, the control socket and the daemon run on.
///
/// Two loops exist, twins behind this protocol: `PosixEventLoop` (a thread asleep in
/// `poll(2)`, timers on a timerfd) for the daemon, and `EmbeddedEventLoop` (module
/// `LoopEmbedded`) for tests and for anything that runs a configuration in virtual time:
/// it does nothing until told to (`run()`, `advance(by:)`), so nothing depends on the
/// machine's speed.
///
/// The clock is the clock of the GPIO event timestamps: the kernel's `CLOCK_MONOTONIC`
/// for the real loop, a virtual one for the twin (which the simulated chips then stamp
/// their events with).
///
/// Beside it, a loop knows the wall clock (`CLOCK_REALTIME` for the real loop, a virtual
/// one that moves with the twin's virtual time and that a test may set): what it reads
/// now, whether the kernel says it is synchronized, actions at a wall-clock instant, and
/// watchers told when it is set or becomes synchronized. A loop that is never asked about
/// the wall clock keeps nothing for it.
///
/// Everything registered with a loop runs on its thread, so what it owns needs no lock;
/// other threads hand work over with `execute(_:)`. Code that must run on the loop says
/// so with `preconditionInEventLoop()`; state reached from other threads is wrapped in
/// a `LoopBound`, which checks.
///
/// ```swift
/// let loop = try PosixEventLoop()
/// loop.watch(fd: socket) { revents in acceptConnection() }
/// loop.schedule(in: .milliseconds(50)) { blink() }
/// loop.execute { print("on the loop thread") }
/// ```
public protocol EventLoop: AnyObject, Sendable {
    /// Now, in nanoseconds on the event-timestamp clock.
    var now: UInt64 { get }

    /// Whether `now` is the kernel's `CLOCK_MONOTONIC` (`MonotonicClock`), which another
    /// thread may wait on for a deadline of the loop's: true for the real loop, false for
    /// a virtual clock, which only the loop moves.
    var isMonotonicClock: Bool { get }

    /// Whether the caller runs on the loop's thread.
    var inEventLoop: Bool { get }

    /// Calls `handler` on the loop's thread with the returned events (`revents`) each
    /// time `fd` is ready for `events` (`POLLIN`, `POLLOUT`). Watching a descriptor
    /// again replaces its events and handler. Call on the loop's thread (also from
    /// within a handler). A descriptor closed while watched (`POLLNVAL`) is dropped.
    func watch(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void)

    /// Stops watching `fd`; its handler is not called again. Call before closing it.
    func unwatch(fd: Int32)

    /// Runs `work` on the loop's thread, after what is already queued. Safe from any
    /// thread; never runs `work` within the caller's stack.
    func execute(_ work: @escaping @Sendable () -> Void)

    /// Runs `action` on the loop's thread once the clock reaches `deadline`
    /// (nanoseconds on the loop's clock), or every `interval` nanoseconds from then on
    /// when `interval` is not 0 (a repeating timer that fell behind skips the runs it
    /// missed). A loop runs the handlers of descriptors that are ready before the
    /// timers that are due, so that a deadline never overtakes an event that came
    /// before it. Timers due at the same instant run in the order they were scheduled.
    /// Call on the loop's thread; cancelling the returned timer is safe from any thread.
    @discardableResult
    func schedule(atNanoseconds deadline: UInt64, interval: UInt64, _ action: @escaping () -> Void) -> LoopTimer

    /// Now on the wall clock: nanoseconds since 1970-01-01 00:00:00 UTC (`CLOCK_REALTIME`
    /// for the real loop). Unlike `now` it is set, forward or back (`WallClockChange.set`).
    var wallClockNow: Int64 { get }

    /// Whether the wall clock is synchronized (the real loop asks the kernel:
    /// `WallClock.isSynchronized()`). Until it is, the time of day is only a guess: the
    /// time the board last saved, or 1970.
    var isWallClockSynchronized: Bool { get }

    /// Runs `action` once, on the loop's thread, when the wall clock reaches `instant`
    /// (nanoseconds since the Unix epoch): at that time of day however the clock was set
    /// in the meantime. A step that jumps over it runs it at once, after the watchers
    /// heard of the step; a step back before it has run moves it later with the clock.
    /// Wall timers due at once run in the order of their instants, then of scheduling.
    /// Call on the loop's thread; cancelling the returned timer is safe from any thread.
    @discardableResult
    func schedule(atWallClock instant: Int64, _ action: @escaping () -> Void) -> LoopTimer

    /// Calls `handler` on the loop's thread each time the wall clock is set and each time
    /// it becomes synchronized or unsynchronized, until the returned watch is cancelled.
    /// After a step the handlers run first, then the wall timers the step jumped over.
    /// Call on the loop's thread.
    @discardableResult
    func watchWallClock(_ handler: @escaping (WallClockChange) -> Void) -> WallClockWatch

    /// Runs now, within the caller's stack, the handlers of those of `descriptors` that
    /// are watched and ready (asked with a `poll` that waits for nothing), as the loop's
    /// next turn would have; the rest of the loop's work waits for that turn. For a timer
    /// whose action depends on what happened before its deadline: an event may have come
    /// in while the loop was busy running the timers due with it. Call on the loop's
    /// thread. Returns how many handlers ran.
    @discardableResult
    func runReadyHandlers(of descriptors: [Int32]) -> Int
}

extension EventLoop {
    public var isMonotonicClock: Bool { false }

    /// Watches `fd` for input (`POLLIN`).
    public func watch(fd: Int32, handler: @escaping (Int16) -> Void) {
        watch(fd: fd, events: Int16(POLLIN), handler: handler)
    }

    /// Runs `action` once, at `deadline` on the loop's clock.
    @discardableResult
    public func schedule(atNanoseconds deadline: UInt64, _ action: @escaping () -> Void) -> LoopTimer {
        schedule(atNanoseconds: deadline, interval: 0, action)
    }

    /// Runs `action` once `delay` has passed on the loop's clock.
    @discardableResult
    public func schedule(in delay: Duration, _ action: @escaping () -> Void) -> LoopTimer {
        schedule(atNanoseconds: now &+ delay.wholeNanoseconds, interval: 0, action)
    }

    /// Runs `action` once the wall clock has moved on by `delay` from now (and at that
    /// instant of the wall clock, however it is set in the meantime).
    @discardableResult
    public func schedule(inWallClock delay: Duration, _ action: @escaping () -> Void) -> LoopTimer {
        schedule(atWallClock: wallClockNow &+ Int64(clamping: delay.wholeNanoseconds), action)
    }

    /// Stops the process when called off the loop's thread: the caller broke the rule
    /// that what a loop owns is touched only on its thread.
    public func preconditionInEventLoop(file: StaticString = #fileID, line: UInt = #line) {
        precondition(inEventLoop, "called off its event loop's thread", file: file, line: line)
    }
}

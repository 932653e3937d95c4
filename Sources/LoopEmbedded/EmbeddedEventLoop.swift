#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore
import Locks
import Loop

/// The deterministic twin of `PosixEventLoop`: the same `EventLoop`, on virtual time,
/// that does nothing until told to. Tests run the engine and the whole daemon on it, and
/// `gpioagg test` runs a configuration's timing on it, so nothing depends on the
/// machine's speed.
///
/// - `run()` polls the watched descriptors without waiting and runs the handlers of the
///   ready ones and the queued work, until nothing is left.
/// - `advance(by:)` moves the clock on, running each timer that falls due at its own
///   instant, in order, with `run()` before each: input before timers, as on the real
///   loop.
/// - Its wall clock moves with virtual time from the instant given at init;
///   `setWallClock(to:)` steps it as NTP or `date -s` would, and
///   `setWallClockSynchronized(_:)` says whether the kernel would call it synchronized
///   (`EmbeddedEventLoop+WallClock`).
///
/// The thread that made it is the loop's thread: everything but `execute(_:)` (safe
/// from any thread) must be called there, and `preconditionInEventLoop()` checks it,
/// as it does on the real loop.
///
/// ```swift
/// let loop = EmbeddedEventLoop()
/// let chips = SimulatedBackend.raspberryPi(clock: loop)
/// let engine = Engine(configuration: config, backend: chips, loop: loop)
/// try engine.start()
/// chip.setActive("GPIO17", true)
/// loop.run()                              // the engine reads the edge
/// loop.advance(by: .milliseconds(10))     // debounce deadlines run
/// ```
public final class EmbeddedEventLoop: EventLoop, @unchecked Sendable {
    public private(set) var now: UInt64
    // Loop thread only, read on every event: no dynamic exclusivity check.
    @exclusivity(unchecked) private var watches = WatchTable()
    /// `watches` in descriptor order, as `poll` wants them; rebuilt when they change.
    private var pollSet: [pollfd] = []
    private var pollWatches: [WatchedDescriptor] = []
    var timers = TimerHeap()
    private let queue = LockedValueBox<[@Sendable () -> Void]>([])
    private let owner = pthread_self()
    /// The wall clock is `now` plus this, in nanoseconds; a step changes it.
    var wallClockOffset: Int64
    var wallClockSynchronized: Bool
    var wallTimers = TimerHeap()
    var wallClockWatches: [WallClockWatch] = []

    /// Where the wall clock starts unless told: 2026-01-01 00:00:00 UTC, as nanoseconds
    /// since the Unix epoch (1_767_225_600 s; `date -u -d @1767225600`).
    public static let defaultWallClockStart: Int64 = 1_767_225_600_000_000_000

    /// - Parameters:
    ///   - now: where the clock starts, in nanoseconds (1 s by default, so that "a while
    ///     ago" is never before 0).
    ///   - wallClock: where the wall clock starts, in nanoseconds since the Unix epoch
    ///     (`defaultWallClockStart` by default).
    ///   - wallClockSynchronized: whether the wall clock starts synchronized (it does by
    ///     default, as a board's that NTP has set).
    public init(now: UInt64 = 1_000_000_000, wallClock: Int64 = EmbeddedEventLoop.defaultWallClockStart,
                wallClockSynchronized: Bool = true) {
        self.now = now
        self.wallClockOffset = wallClock &- Int64(clamping: now)
        self.wallClockSynchronized = wallClockSynchronized
    }

    /// Whether the caller is the thread that made the loop.
    public var inEventLoop: Bool { pthread_equal(owner, pthread_self()) != 0 }

    /// The descriptors being watched, in ascending order.
    public var watchedDescriptors: [Int32] { watches.descriptors }

    public func watch(fd: Int32, events: Int16, handler: @escaping (Int16) -> Void) {
        watches.watch(fd: fd, events: events, handler: handler)
    }

    public func unwatch(fd: Int32) {
        watches.unwatch(fd: fd)
    }

    public func runReadyHandlers(of descriptors: [Int32]) -> Int {
        preconditionInEventLoop()
        return WatchTable.dispatch(watches.ready(among: descriptors)) { unwatch(fd: $0) }
    }

    /// Queues `work` for the next `run()`. Safe from any thread.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        queue.withLockedValue { $0.append(work) }
    }

    @discardableResult
    public func schedule(atNanoseconds deadline: UInt64, interval: UInt64,
                         _ action: @escaping () -> Void) -> LoopTimer {
        let timer = LoopTimer(interval: interval, action: action)
        timers.insert(timer, at: deadline)
        return timer
    }

    /// Moves the clock on by `duration`, running each timer that falls due at its own
    /// instant (the clock reads the timer's deadline while it runs), with `run()` before
    /// each, then runs what is left to run at the end.
    public func advance(by duration: Duration) {
        advance(to: now &+ duration.wholeNanoseconds)
    }

    /// Moves the clock on to `deadline` (never back), as `advance(by:)` does. The wall
    /// clock moves with it; a wall timer runs when the wall clock reaches its instant, and
    /// before a loop timer due at the same virtual instant.
    public func advance(to deadline: UInt64) {
        run()
        while true {
            timers.dropCancelledAtTop()
            wallTimers.dropCancelledAtTop()
            let nextWall = wallTimers.earliestDeadline.map(virtualInstant(ofWallInstant:))
            let next = [timers.earliestDeadline, nextWall].compactMap { $0 }.min()
            guard let earliest = next, earliest <= deadline else { break }
            now = max(now, earliest)
            run()
            if let entry = wallTimers.popDue(now: UInt64(clamping: wallClockNow)) {
                guard !entry.timer.isCancelled else { continue }
                entry.timer.action.value()
                run()
                continue
            }
            guard let entry = timers.popDue(now: now) else { continue }
            let timer = entry.timer
            guard !timer.isCancelled else { continue }
            if timer.interval > 0 { timers.insert(timer, at: entry.deadline &+ timer.interval) }
            timer.action.value()
            run()
        }
        now = max(now, deadline)
        run()
    }

    /// Runs the handlers of the ready descriptors and the queued work until neither is
    /// left. Returns how many handlers and work items ran.
    @discardableResult
    public func run() -> Int {
        var ran = 0
        var rounds = 0
        while true {
            rounds += 1
            precondition(rounds < 100_000, "EmbeddedEventLoop.run: a descriptor stays ready after its handler ran")
            var progress = false
            var work: [@Sendable () -> Void] = []
            queue.withLockedValue { if !$0.isEmpty { swap(&work, &$0) } }
            for item in work {
                item()
                ran += 1
                progress = true
            }
            if watches.isStale { rebuildPollSet() }
            let count = pollSet.count
            let ready = count == 0 ? 0 : (try? SystemCall.retrying("poll") {
                pollSet.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), 0) }
            }) ?? 0
            if ready > 0 {
                // Handlers may change the watch set: the poll set stays as it was until
                // the next round, and unwatched entries are skipped.
                var index = 0
                while index < count {
                    let revents = pollSet[index].revents
                    let watch = pollWatches[index]
                    index += 1
                    guard revents != 0, watch.isActive else { continue }
                    if revents & Int16(POLLNVAL) != 0 {
                        unwatch(fd: watch.fd)
                        continue
                    }
                    watch.handler(revents)
                    ran += 1
                    progress = true
                }
            }
            if !progress { return ran }
        }
    }

    /// The deadline of the earliest timer not cancelled, if any: when a real loop would
    /// next wake up. A wall timer counts at the virtual instant the wall clock reaches
    /// it, unless the clock is set before. Nil means an idle loop sleeps until a
    /// descriptor is ready.
    public var nextDeadline: UInt64? {
        timers.dropCancelledAtTop()
        wallTimers.dropCancelledAtTop()
        let nextWall = wallTimers.earliestDeadline.map(virtualInstant(ofWallInstant:))
        return [timers.earliestDeadline, nextWall].compactMap { $0 }.min()
    }

    /// Calls `fd`'s handler as if `poll` had reported it ready, without asking the
    /// kernel: for benchmarks that must not count a `poll` per event. Does nothing if
    /// `fd` is not watched.
    public func dispatch(fd: Int32, revents: Int16 = Int16(POLLIN)) {
        watches[fd]?.handler(revents)
    }

    private func rebuildPollSet() {
        pollWatches = watches.inOrder()
        pollSet = pollWatches.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
    }
}

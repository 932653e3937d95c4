import Loop

/// The twin's wall clock: virtual, moving with virtual time (`advance(by:)`), set only
/// when a test says so. `gpioagg test`'s `start:`, `clock: { set: ... }`,
/// `clock: synchronized` and `clock: unsynchronized` come down to the initializer's
/// `wallClock:`, `setWallClock(to:)` and `setWallClockSynchronized(_:)`.
///
/// ```swift
/// let loop = EmbeddedEventLoop(wallClock: 1_782_076_800_000_000_000)  // 2026-06-21 21:20 UTC
/// loop.schedule(atWallClock: 1_782_081_000_000_000_000) { print("22:30") }
/// loop.advance(by: .seconds(3600))                  // 22:20: nothing yet
/// loop.setWallClock(to: 1_782_084_600_000_000_000)  // 23:30: "22:30" runs now
/// ```
extension EmbeddedEventLoop {
    public var wallClockNow: Int64 { Int64(clamping: now) &+ wallClockOffset }

    public var isWallClockSynchronized: Bool { wallClockSynchronized }

    @discardableResult
    public func schedule(atWallClock instant: Int64, _ action: @escaping () -> Void) -> LoopTimer {
        let timer = LoopTimer(interval: 0, action: action)
        wallTimers.insert(timer, at: UInt64(clamping: instant))
        return timer
    }

    @discardableResult
    public func watchWallClock(_ handler: @escaping (WallClockChange) -> Void) -> WallClockWatch {
        let watch = WallClockWatch(handler: handler)
        wallClockWatches.removeAll { $0.isCancelled }
        wallClockWatches.append(watch)
        return watch
    }

    /// Sets the wall clock to `instant` (nanoseconds since the Unix epoch), forward or
    /// back, as NTP's step or `date -s` would; virtual time does not move. What is ready
    /// runs first (`run()`), then the watchers hear `.set`, then the wall timers the step
    /// jumped over run, in order, each with `run()` after it. A step back runs nothing: a
    /// timer that has run does not run again, and those still ahead wait for their
    /// instant. Whether the clock is synchronized is not changed (the kernel would clear
    /// it; a test says so with `setWallClockSynchronized(false)`).
    public func setWallClock(to instant: Int64) {
        preconditionInEventLoop()
        run()
        wallClockOffset = instant &- Int64(clamping: now)
        tellWallClockWatches(.set)
        run()
        while let entry = wallTimers.popDue(now: UInt64(clamping: wallClockNow)) {
            guard !entry.timer.isCancelled else { continue }
            entry.timer.action.value()
            run()
        }
    }

    /// Says whether the kernel would call the wall clock synchronized; the watchers hear
    /// `.synchronized` or `.unsynchronized` when that changes, and nothing when it does
    /// not.
    public func setWallClockSynchronized(_ synchronized: Bool) {
        preconditionInEventLoop()
        guard synchronized != wallClockSynchronized else { return }
        wallClockSynchronized = synchronized
        run()
        tellWallClockWatches(synchronized ? .synchronized : .unsynchronized)
        run()
    }

    /// The virtual instant (on `now`'s clock) at which the wall clock reaches
    /// `wallInstant`, as long as it is not set in the meantime; `now` if it has already.
    func virtualInstant(ofWallInstant wallInstant: UInt64) -> UInt64 {
        let virtual = Int64(clamping: wallInstant) &- wallClockOffset
        return max(now, UInt64(clamping: virtual))
    }

    private func tellWallClockWatches(_ change: WallClockChange) {
        wallClockWatches.removeAll { $0.isCancelled }
        for watch in wallClockWatches where !watch.isCancelled {
            watch.handler.value(change)
        }
    }
}

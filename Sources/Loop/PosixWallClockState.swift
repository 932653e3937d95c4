/// What a `PosixEventLoop` keeps for the wall clock, all of it made when first asked for:
/// the `CLOCK_REALTIME` timerfd, the wall timers and the watchers. Loop thread only.
struct PosixWallClockState {
    /// The wall timerfd while there are wall timers or watchers, else nil.
    var descriptor: Int32?
    /// Wall timers by instant (nanoseconds since the epoch; instants before it are 0).
    var timers = TimerHeap()
    var watches: [WallClockWatch] = []
    /// The instant the timerfd is armed at, nil when armed at "never" (watchers only).
    var armedInstant: UInt64?
    /// What the watchers were last told.
    var synchronized = false
    /// Asks the kernel again while the clock is unsynchronized and watched.
    var synchronizationCheck: LoopTimer?
    /// Stands in for the timerfd when it could not be opened (out of descriptors).
    var fallback: LoopTimer?

    var hasLiveWatches: Bool { watches.contains { !$0.isCancelled } }

    mutating func pruneWatches() {
        watches.removeAll { $0.isCancelled }
    }

    /// Lets go of the timers and watchers (and what their actions hold) when the loop
    /// ends; the descriptor stays until the loop is deinitialized.
    mutating func dropEverything() {
        timers = TimerHeap()
        watches = []
        synchronizationCheck = nil
        fallback = nil
    }
}

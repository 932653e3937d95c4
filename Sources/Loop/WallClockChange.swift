/// What an `EventLoop` tells the watchers of its wall clock (`watchWallClock(_:)`).
///
/// ```swift
/// loop.watchWallClock { change in
///     switch change {
///     case .set: reevaluateTimeSignals()            // the time of day jumped
///     case .synchronized: log.notice("the clock is synchronized")
///     case .unsynchronized: holdTimeSignalsAtTheirFallback()
///     }
/// }
/// ```
public enum WallClockChange: Hashable, Sendable {
    /// The wall clock was set (NTP's step, `date -s`): forward or back, by any amount.
    /// Read the loop's `wallClockNow` for where it is now.
    case set
    /// The kernel now says the wall clock is synchronized.
    case synchronized
    /// The kernel no longer says the wall clock is synchronized (setting the clock by
    /// hand clears it).
    case unsynchronized
}

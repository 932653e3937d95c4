#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The kernel's `CLOCK_MONOTONIC`: the clock of the timestamps on edge events and of
/// timerfd, so that an event's age is `MonotonicClock.now() - event.timestamp`.
///
/// ```swift
/// let ageNanoseconds = MonotonicClock.now() - event.timestamp
/// ```
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary point (boot, on Linux); never goes backwards.
    @inlinable
    public static func now() -> UInt64 {
        var time = timespec()
        // CLOCK_MONOTONIC cannot fail with a valid pointer, so the result is not checked.
        _ = clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `CLOCK_MONOTONIC`, the clock of the kernel's GPIO event timestamps and of timerfd.
enum MonotonicClock {
    @inline(__always)
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CLoopLinux

/// The kernel's wall clock, `CLOCK_REALTIME`: what a time of day (`at: "23:00"`, local
/// midnight) is measured on, as nanoseconds since the Unix epoch. Unlike the loop's
/// `CLOCK_MONOTONIC` it is set: a board without a real-time clock boots at the time it
/// last saved (or 1970), NTP steps it when it first answers, and a person may run
/// `date -s`. Whether it can be trusted yet is `isSynchronized()`.
///
/// ```swift
/// let nanosecondsSinceEpoch = WallClock.now()
/// if WallClock.isSynchronized() { print("the time of day can be trusted") }
/// ```
public enum WallClock {
    /// Nanoseconds since 1970-01-01 00:00:00 UTC (negative before it).
    public static func now() -> Int64 {
        var time = timespec()
        // CLOCK_REALTIME cannot fail with a valid pointer, so the result is not checked.
        _ = clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }

    /// The largest maximum error (`timex.maxerror`, microseconds) of a clock that is still
    /// synchronized: the kernel's `NTP_PHASE_LIMIT`, 16 s.
    public static let unsynchronizedMaximumError = 16_000_000

    /// Whether the kernel says the wall clock is synchronized: what `timedatectl` shows
    /// as "System clock synchronized".
    ///
    /// What was checked (Linux 6.x `kernel/time/ntp.c` and `timekeeping.c`, systemd's
    /// `src/basic/time-util.c` `ntp_synced()` and `src/timedate/timedated.c`, the
    /// adjtimex(2) man page):
    /// - `adjtimex` with `modes` 0 only reads, and needs no privilege. Its return value is
    ///   `TIME_ERROR` whenever `STA_UNSYNC` is set in `status`.
    /// - The kernel starts unsynchronized (`ntp_clear()`: `STA_UNSYNC`, `maxerror` at
    ///   `NTP_PHASE_LIMIT`, 16 s), and clears the NTP state again each time the clock is
    ///   set (`settimeofday`, `clock_settime`, `adjtimex` with `ADJ_SETOFFSET`:
    ///   `TK_CLEAR_NTP`), so `date -s` leaves it unsynchronized. Once a second it adds
    ///   500 µs to `maxerror`; on reaching 16 s it sets `STA_UNSYNC`.
    /// - An NTP client marks it synchronized with `ADJ_MAXERROR` (systemd-timesyncd writes
    ///   `maxerror` 0 and `status` `STA_PLL`, which clears `STA_UNSYNC`).
    /// - systemd (since v239; before, it tested `STA_UNSYNC`) calls the clock synchronized
    ///   when `maxerror` is below 16 s and ignores `STA_UNSYNC`, "as it may have been set to
    ///   prevent the kernel from touching the RTC": chrony without `rtcsync` keeps it set
    ///   while synchronized. This follows systemd, so that gpioagg and `timedatectl`
    ///   agree, on chrony too.
    ///
    /// A failed `adjtimex` (never seen: a read cannot be refused) counts as not
    /// synchronized.
    public static func isSynchronized() -> Bool {
        var maximumError = 0
        var status: Int32 = 0
        guard cloop_adjtimex_read(&maximumError, &status) == 0 else { return false }
        return isSynchronized(maximumErrorMicroseconds: maximumError)
    }

    /// The rule of `isSynchronized()` on a maximum error the kernel reported.
    public static func isSynchronized(maximumErrorMicroseconds: Int) -> Bool {
        maximumErrorMicroseconds < unsynchronizedMaximumError
    }
}

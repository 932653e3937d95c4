import CSystemd
import GPIO

/// Tells systemd (through `$NOTIFY_SOCKET`) how the service is doing. Does nothing when
/// not started by a service manager.
enum ServiceManager {
    /// Sends newline-separated `KEY=value` assignments in one message, e.g.
    /// `["READY=1", "STATUS=..."]`.
    static func notify(_ assignments: [String]) {
        _ = csystemd_notify(assignments.joined(separator: "\n"))
    }

    /// The start of a reload, as `Type=notify-reload` expects it: `RELOADING=1` with the
    /// time on `CLOCK_MONOTONIC` in one message (`READY=1` ends the reload).
    static func notifyReloading(status: String) {
        notify(["RELOADING=1", "MONOTONIC_USEC=\(MonotonicClock.now() / 1000)", "STATUS=" + status])
    }

    /// How often to send `WATCHDOG=1`: half the period systemd expects it in
    /// (`WatchdogSec=`), when it expects it from this process; nil otherwise.
    static func watchdogInterval() -> Duration? {
        var usec: UInt64 = 0
        guard csystemd_watchdog_enabled(&usec) > 0, usec > 0 else { return nil }
        return .microseconds(Int64(clamping: usec / 2))
    }
}

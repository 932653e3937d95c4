import CSystemd
import GPIO

/// Where the daemon tells its service manager how it is doing: `READY=1`,
/// `RELOADING=1`, `STOPPING=1`, `STATUS=...`, `WATCHDOG=1`.
///
/// `SystemdNotifier` sends to systemd's `$NOTIFY_SOCKET`; tests pass one that records.
///
/// ```swift
/// notifier.notify(["READY=1", "STATUS=3 inputs, 1 signal, 1 output"])
/// ```
public protocol ServiceNotifier: AnyObject, Sendable {
    /// Sends newline-separated `KEY=value` assignments in one message.
    func notify(_ assignments: [String])

    /// How often the service manager expects `WATCHDOG=1` from this process, if at all.
    var watchdogPeriod: Duration? { get }
}

extension ServiceNotifier {
    /// The start of a reload, as `Type=notify-reload` expects it: `RELOADING=1` with the
    /// time on `CLOCK_MONOTONIC` in one message (`READY=1` ends the reload).
    func notifyReloading(status: String) {
        notify(["RELOADING=1", "MONOTONIC_USEC=\(MonotonicClock.now() / 1000)", "STATUS=" + status])
    }
}

/// systemd's notification socket (`$NOTIFY_SOCKET`), spoken by `CSystemd`. Does nothing
/// when the process was not started by a service manager.
public final class SystemdNotifier: ServiceNotifier {
    public init() {}

    public func notify(_ assignments: [String]) {
        _ = csystemd_notify(assignments.joined(separator: "\n"))
    }

    /// `WatchdogSec=` when systemd expects pings from this process (`$WATCHDOG_PID`).
    public var watchdogPeriod: Duration? {
        var usec: UInt64 = 0
        guard csystemd_watchdog_enabled(&usec) > 0, usec > 0 else { return nil }
        return .microseconds(Int64(clamping: usec))
    }
}

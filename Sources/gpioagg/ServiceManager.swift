import CSystemd

/// Tells systemd (through `$NOTIFY_SOCKET`) how the service is doing. Does nothing when
/// not started by a service manager.
enum ServiceManager {
    /// Sends newline-separated `KEY=value` assignments, e.g. `["READY=1", "STATUS=..."]`.
    static func notify(_ assignments: [String]) {
        _ = csystemd_notify(assignments.joined(separator: "\n"))
    }
}

import Service

/// A service manager that hears nothing.
final class NoNotifications: ServiceNotifier, @unchecked Sendable {
    let watchdogPeriod: Duration? = nil
    func notify(_ assignments: [String]) {}
}

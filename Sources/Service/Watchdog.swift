import Logging
import Loop

/// Pings the service manager's watchdog (`WATCHDOG=1`) from the loop's own timer, at
/// half the period it expects: a loop that is stuck stops the pings, and systemd
/// restarts the service. Nothing happens without `WATCHDOG_USEC`.
///
/// ```swift
/// let watchdog = Watchdog.start(on: loop, notifier: SystemdNotifier(), logger: logger)
/// watchdog?.cancel()     // the daemon stops
/// ```
///
/// Loop thread only.
struct Watchdog {
    private let timer: LoopTimer

    /// Starts the pings, when the service manager asks for them.
    static func start(on loop: any EventLoop, notifier: any ServiceNotifier, logger: Logger) -> Watchdog? {
        guard let period = notifier.watchdogPeriod else { return nil }
        let interval = max(1, period.wholeNanoseconds / 2)
        let timer = loop.schedule(atNanoseconds: loop.now &+ interval, interval: interval) { [notifier] in
            notifier.notify(["WATCHDOG=1"])
        }
        logger.info("watchdog: pinging every \(interval / 1_000_000) ms")
        return Watchdog(timer: timer)
    }

    func cancel() { timer.cancel() }
}

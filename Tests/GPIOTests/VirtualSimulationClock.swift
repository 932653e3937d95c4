import GPIOSimulated
import ReactiveTesting

/// Simulated chips on virtual time: timestamps are the scheduler's clock, and pulses and
/// bounces happen only as the test advances it.
final class VirtualSimulationClock: SimulationClock, @unchecked Sendable {
    let scheduler: VirtualTimeScheduler

    init(_ scheduler: VirtualTimeScheduler = VirtualTimeScheduler()) {
        self.scheduler = scheduler
    }

    var now: UInt64 { UInt64(scheduler.now.nanoseconds) }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) {
        let nanoseconds = Int64(delay.components.seconds) * 1_000_000_000
            + delay.components.attoseconds / 1_000_000_000
        scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(Int(nanoseconds))),
                           tolerance: .zero, options: nil, action)
    }

    func advance(by duration: Duration) {
        let nanoseconds = Int64(duration.components.seconds) * 1_000_000_000
            + duration.components.attoseconds / 1_000_000_000
        scheduler.advance(by: .nanoseconds(Int(nanoseconds)))
    }
}

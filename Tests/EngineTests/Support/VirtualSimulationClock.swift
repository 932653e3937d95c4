import GPIOSimulated
import ReactiveTesting

/// Simulated chips on virtual time: timestamps are the scheduler's clock, and pulses and
/// bounces happen only as the test advances it.
final class VirtualSimulationClock: SimulationClock, @unchecked Sendable {
    let scheduler: VirtualTimeScheduler

    init(_ scheduler: VirtualTimeScheduler) {
        self.scheduler = scheduler
    }

    var now: UInt64 { UInt64(scheduler.now.nanoseconds) }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) {
        scheduler.schedule(after: scheduler.now.advanced(by: .init(delay)), tolerance: .zero, options: nil, action)
    }
}

extension VirtualTimeScheduler.SchedulerTimeType.Stride {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self.init(nanoseconds: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

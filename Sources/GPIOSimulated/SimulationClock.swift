import GPIO

/// The time source of simulated chips: event timestamps come from `now`, and timed
/// actions (pulses, bounces) run through `schedule`.
///
/// Tests pass a virtual clock so that time only moves when they say so; `--simulate`
/// passes `SystemSimulationClock`.
public protocol SimulationClock: AnyObject, Sendable {
    /// Nanoseconds on a monotonic clock.
    var now: UInt64 { get }
    /// Runs `action` once `delay` has passed.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
}

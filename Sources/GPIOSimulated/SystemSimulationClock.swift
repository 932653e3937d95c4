import Dispatch
import GPIO

/// Real time for simulated chips: `CLOCK_MONOTONIC` (the clock of the kernel's event
/// timestamps) and a dispatch queue for timed actions.
public final class SystemSimulationClock: SimulationClock {
    private let queue: DispatchQueue

    public init(queue: DispatchQueue = DispatchQueue(label: "gpioagg.simulation-clock")) {
        self.queue = queue
    }

    public var now: UInt64 { MonotonicClock.now() }

    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: delay.wholeNanoseconds)),
                         execute: action)
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Real time for simulated chips: `CLOCK_MONOTONIC` (the clock of the kernel's event
/// timestamps) and a dispatch queue for timed actions.
public final class SystemSimulationClock: SimulationClock {
    private let queue: DispatchQueue

    public init(queue: DispatchQueue = DispatchQueue(label: "gpioagg.simulation-clock")) {
        self.queue = queue
    }

    public var now: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: delay.wholeNanoseconds)),
                         execute: action)
    }
}

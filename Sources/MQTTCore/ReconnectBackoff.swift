/// How long to wait before the next connection attempt: exponential backoff with full
/// jitter. After `failures` attempts in a row that failed, the wait is a random time in
/// [0, min(60 s, 2^failures s)], never less than 1 s: 1 s, then up to 2 s, 4 s, ... 60 s.
/// The randomness spreads the boards of a house over time when their broker comes back,
/// instead of all of them reconnecting in the same second.
///
/// The random source is injected, so that tests choose the delays.
///
/// ```swift
/// var backoff = ReconnectBackoff(random: { upper in upper / 2 })
/// backoff.nextDelay()     // 1 s (the floor)
/// backoff.nextDelay()     // 1 s: half of 2 s
/// backoff.nextDelay()     // 2 s: half of 4 s
/// backoff.reset()
/// ```
public struct ReconnectBackoff: Sendable {
    /// A uniformly random whole number in `0...upperBound`.
    public typealias RandomSource = @Sendable (_ upperBound: UInt64) -> UInt64

    public static let systemRandom: RandomSource = { UInt64.random(in: 0...$0) }

    public static let floor: UInt64 = 1_000_000_000
    public static let ceiling: UInt64 = 60_000_000_000
    /// A connection that lasted this long (5 s) resets the count when it ends; one dropped
    /// sooner counts as a failure (`MQTTConnectionStateMachine.stableConnection`).
    public static let stableConnection: UInt64 = 5_000_000_000

    /// Failed attempts since the last `reset()`.
    public private(set) var failures = 0
    private let random: RandomSource

    public init(random: @escaping RandomSource = ReconnectBackoff.systemRandom) {
        self.random = random
    }

    /// The wait in nanoseconds before the next attempt; counts one more failure.
    public mutating func nextDelay() -> UInt64 {
        let cap = min(Self.ceiling, Self.floor << UInt64(min(failures, 6)))
        if failures < 64 { failures += 1 }
        return max(Self.floor, min(cap, random(cap)))
    }

    /// The next wait starts again at 1 s.
    public mutating func reset() { failures = 0 }
}

/// How far `SensorReader` goes to keep one device from holding up the others: how many
/// threads read at most, when a lane waiting behind slow reads gets a thread of its own,
/// and when a read that has not returned is reported as hung. Nanoseconds.
///
/// ```swift
/// SensorReadLimits()                          // 8 threads, 100 ms, 5 s
/// SensorReadLimits(threads: 2, hungAfter: 1_000_000_000)
/// ```
public struct SensorReadLimits: Hashable, Sendable {
    /// The most threads that read at once, hung ones included: a read that never
    /// returns holds one for good, so with this many hung the others wait for one.
    public var threads: Int
    /// A lane waits this long behind reads under way on every thread before another
    /// thread is started for it: a DS18B20's 750 ms conversion does not hold up the
    /// thermal zone, and quick reads never start a second thread.
    public var slowAfter: UInt64
    /// A read under way this long is reported, once (kernel attributes answer in
    /// milliseconds, a 1-Wire conversion in 750 ms: 5 s is a bus that does not answer).
    public var hungAfter: UInt64

    public init(threads: Int = 8, slowAfter: UInt64 = 100_000_000, hungAfter: UInt64 = 5_000_000_000) {
        self.threads = max(1, threads)
        self.slowAfter = slowAfter
        self.hungAfter = hungAfter
    }
}

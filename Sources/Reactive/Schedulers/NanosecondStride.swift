/// A span of time in whole nanoseconds (negative spans point backwards): the `Stride`
/// of every scheduler here whose clock counts nanoseconds, the event loop's and the
/// virtual-time test scheduler's alike.
///
/// ```swift
/// let later = scheduler.now.advanced(by: .milliseconds(10))
/// NanosecondStride.seconds(0.5).nanoseconds   // 500_000_000
/// ```
public struct NanosecondStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable,
    CustomStringConvertible
{
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }
    public init(integerLiteral value: Int64) { nanoseconds = value }
    public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = Int64(exactly: source) else { return nil }
        nanoseconds = value
    }

    /// `Duration`, rounded down to whole nanoseconds.
    public init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        nanoseconds = seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }

    public static var zero: Self { Self(nanoseconds: 0) }
    public var magnitude: UInt64 { nanoseconds.magnitude }

    public static func seconds(_ s: Int) -> Self { Self(nanoseconds: Int64(s) * 1_000_000_000) }
    public static func seconds(_ s: Double) -> Self { Self(nanoseconds: Int64((s * 1e9).rounded())) }
    public static func milliseconds(_ ms: Int) -> Self { Self(nanoseconds: Int64(ms) * 1_000_000) }
    public static func microseconds(_ us: Int) -> Self { Self(nanoseconds: Int64(us) * 1_000) }
    public static func nanoseconds(_ ns: Int) -> Self { Self(nanoseconds: Int64(ns)) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    public static func + (lhs: Self, rhs: Self) -> Self { Self(nanoseconds: lhs.nanoseconds + rhs.nanoseconds) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(nanoseconds: lhs.nanoseconds - rhs.nanoseconds) }
    public static func * (lhs: Self, rhs: Self) -> Self { Self(nanoseconds: lhs.nanoseconds * rhs.nanoseconds) }
    public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
    public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
    public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }

    public var description: String {
        if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
        if nanoseconds % 1_000 == 0 { return "\(nanoseconds / 1_000)us" }
        return "\(nanoseconds)ns"
    }
}

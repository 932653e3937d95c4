import Reactive

extension LoopScheduler {
    /// An instant on the loop's clock, in nanoseconds: for `PosixEventLoop` the clock of
    /// the kernel's GPIO event timestamps, so an event's timestamp converts without
    /// arithmetic.
    ///
    /// ```swift
    /// let due = LoopScheduler.SchedulerTimeType(nanoseconds: event.timestamp)
    ///     .advanced(by: .milliseconds(10))
    /// ```
    public struct SchedulerTimeType: Strideable, Hashable, Sendable, CustomStringConvertible {
        public var nanoseconds: UInt64

        public init(nanoseconds: UInt64) {
            self.nanoseconds = nanoseconds
        }

        public func distance(to other: Self) -> Stride {
            Stride(nanoseconds: Int64(bitPattern: other.nanoseconds &- nanoseconds))
        }

        /// Saturates at 0 rather than wrapping below the clock's origin.
        public func advanced(by n: Stride) -> Self {
            if n.nanoseconds >= 0 {
                let (sum, overflow) = nanoseconds.addingReportingOverflow(UInt64(n.nanoseconds))
                return Self(nanoseconds: overflow ? .max : sum)
            }
            let back = n.nanoseconds.magnitude
            return Self(nanoseconds: back > nanoseconds ? 0 : nanoseconds - back)
        }

        public var description: String { "\(Stride(nanoseconds: Int64(clamping: nanoseconds)))" }

        /// A span of time in nanoseconds; negative spans point backwards.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
            Hashable, Sendable, CustomStringConvertible
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
    }
}

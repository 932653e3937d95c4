import Loop
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

        /// A span of time in whole nanoseconds.
        public typealias Stride = NanosecondStride
    }
}

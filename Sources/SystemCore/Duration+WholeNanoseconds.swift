extension Duration {
    /// Whole nanoseconds, rounded down, clamped to `0...UInt64.max`: a duration on the
    /// monotonic clock's scale, for the event loop's timers and the kernel's timestamps.
    ///
    /// ```swift
    /// Duration.milliseconds(50).wholeNanoseconds   // 50_000_000
    /// Duration.seconds(-1).wholeNanoseconds        // 0
    /// ```
    public var wholeNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        let nanos = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if nanos.overflow { return .max }
        let sum = nanos.partialValue.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return sum.overflow ? .max : sum.partialValue
    }
}

extension UInt64 {
    /// `self + duration` on the loop's clock, held at the end of time rather than trapping:
    /// a duration of years in a config must not crash the daemon.
    func advanced(by duration: UInt64) -> UInt64 {
        let (sum, overflow) = addingReportingOverflow(duration)
        return overflow ? .max : sum
    }

    /// The time from `earlier` to `self`; 0 when `earlier` is later.
    func elapsed(since earlier: UInt64) -> UInt64 {
        self >= earlier ? self - earlier : 0
    }
}

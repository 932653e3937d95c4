import Loop

extension EventLoop {
    /// A scheduler of timed work on this loop, for Combine operators (`debounce`,
    /// `delay`) and anything else that takes one.
    ///
    /// ```swift
    /// let settled = button.debounce(for: .milliseconds(20), scheduler: loop.scheduler)
    /// ```
    public var scheduler: LoopScheduler { LoopScheduler(loop: self) }
}

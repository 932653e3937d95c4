import Synchronization

/// A timed action of an `EventLoop`: one-shot, or repeating every `interval`.
///
/// Cancelling is safe from any thread; an action whose cancellation happens before it
/// is due never runs.
///
/// ```swift
/// let blink = loop.schedule(atNanoseconds: loop.now, interval: 500_000_000) { toggleLED() }
/// blink.cancel()
/// ```
public final class LoopTimer: Sendable {
    /// Runs on the loop thread only.
    package let action: UncheckedSendable<() -> Void>
    /// Nanoseconds between runs, or 0 for a one-shot timer.
    public let interval: UInt64
    private let cancelled = Atomic<Bool>(false)

    package init(interval: UInt64, action: @escaping () -> Void) {
        self.interval = interval
        self.action = UncheckedSendable(action)
    }

    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    public func cancel() { cancelled.store(true, ordering: .releasing) }
}

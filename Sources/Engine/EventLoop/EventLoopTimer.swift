import Reactive
import Synchronization

/// A timed action of an `EventLoop`: one-shot, or repeating every `interval`.
///
/// Cancelling is safe from any thread; an action whose cancellation happens before it
/// is due never runs.
final class EventLoopTimer: Cancellable, Sendable {
    /// Runs on the loop thread only.
    let action: UncheckedSendable<() -> Void>
    /// Nanoseconds between runs, or 0 for a one-shot timer.
    let interval: UInt64
    private let cancelled = Atomic<Bool>(false)

    init(interval: UInt64, action: @escaping () -> Void) {
        self.interval = interval
        self.action = UncheckedSendable(action)
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() { cancelled.store(true, ordering: .releasing) }
}

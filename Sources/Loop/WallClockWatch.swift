import Synchronization

/// A watcher of an `EventLoop`'s wall clock, from `watchWallClock(_:)`: its handler runs on
/// the loop's thread with each `WallClockChange` until it is cancelled.
///
/// Cancelling is safe from any thread; a change that comes after the cancellation is
/// not handed to it. Once no watcher and no wall timer is left, the loop lets go of what
/// it kept for the wall clock.
///
/// ```swift
/// let watch = loop.watchWallClock { change in print(change) }
/// watch.cancel()
/// ```
public final class WallClockWatch: Sendable {
    /// Runs on the loop thread only.
    package let handler: UncheckedSendable<(WallClockChange) -> Void>
    private let cancelled = Atomic<Bool>(false)
    private let onCancel: @Sendable () -> Void

    package init(handler: @escaping (WallClockChange) -> Void, onCancel: @escaping @Sendable () -> Void = {}) {
        self.handler = UncheckedSendable(handler)
        self.onCancel = onCancel
    }

    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    public func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        onCancel()
    }
}

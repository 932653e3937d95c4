import Locks
import Loop
import Reactive

/// A cancellable for a timer another thread has yet to create: a cancel that comes
/// first cancels the timer as soon as it is set.
final class CancelBox: Cancellable, Sendable {
    private let state = LockedValueBox<(timer: LoopTimer?, cancelled: Bool)>((nil, false))

    func set(_ timer: LoopTimer) {
        let cancelled = state.withLockedValue { state -> Bool in
            state.timer = timer
            return state.cancelled
        }
        if cancelled { timer.cancel() }
    }

    func cancel() {
        let timer = state.withLockedValue { state -> LoopTimer? in
            state.cancelled = true
            return state.timer
        }
        timer?.cancel()
    }
}

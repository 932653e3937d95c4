import Locks

/// The one answer a web request awaits from the daemon's loop: resumed once, with the
/// value the loop gives, or with `unanswered` when the work that held it is dropped
/// before it ran (the loop stopped with requests still queued), so that no request of
/// the web server waits forever and no continuation is leaked.
///
/// ```swift
/// await withCheckedContinuation { continuation in
///     let reply = LoopReply(continuation, unanswered: [])
///     loop.execute { reply.resume(counters()) }   // dropped by a stopped loop: []
/// }
/// ```
final class LoopReply<Value: Sendable>: Sendable {
    private let continuation: LockedValueBox<CheckedContinuation<Value, Never>?>
    private let unanswered: Value

    init(_ continuation: CheckedContinuation<Value, Never>, unanswered: Value) {
        self.continuation = LockedValueBox(continuation)
        self.unanswered = unanswered
    }

    deinit {
        resume(unanswered)
    }

    /// Resumes the awaiting request with `value`; later calls do nothing.
    func resume(_ value: Value) {
        let waiting = continuation.withLockedValue { waiting in
            defer { waiting = nil }
            return waiting
        }
        waiting?.resume(returning: value)
    }
}

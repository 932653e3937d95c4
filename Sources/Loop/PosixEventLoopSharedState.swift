/// What other threads share with a `PosixEventLoop`, under its lock.
struct PosixEventLoopSharedState {
    var work: [@Sendable () -> Void] = []
    /// Whether the eventfd has been written since the loop last took the work.
    var wakePending = false
    /// False once `stop()` was called: later work is refused.
    var acceptsWork = true
}

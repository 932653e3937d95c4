import Control
import Values

/// What the web server reaches the daemon through: the control socket's answers and
/// the daemon's counters, each asked for on the daemon's loop and awaited here, off it.
///
/// Every API answer is the control socket's own: the daemon hands the server a closure
/// that runs the request on its loop (`loop.execute`) the way `ControlServer` does, and
/// resumes the caller with the reply.
///
/// ```swift
/// let backend = WebBackend(answer: { request in await daemonReply(to: request) },
///                          counters: { [] })
/// ```
public struct WebBackend: Sendable {
    /// Answers a control request as the control socket would.
    public var answer: @Sendable (ControlRequest) async -> ControlReply
    /// The daemon's counters for `/metrics`, read at scrape time.
    public var counters: @Sendable () async -> [MetricCounter]
    /// The loop's lag, which the daemon records into as it runs; nil: none shown.
    public var lag: LoopLagHistogram?

    public init(answer: @escaping @Sendable (ControlRequest) async -> ControlReply,
                counters: @escaping @Sendable () async -> [MetricCounter] = { [] },
                lag: LoopLagHistogram? = nil) {
        self.answer = answer
        self.counters = counters
        self.lag = lag
    }
}

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
    /// The running graph as the page draws it (`GET /api/graph`), made at start and at
    /// each reload.
    public var graph: @Sendable () async -> WebGraph
    /// Asks the daemon to hand the feed the engine's snapshot (`WebFeed.publishSnapshot`)
    /// on its loop, in order with the changes it hands it: a new event stream starts
    /// from it. Returns at once.
    public var requestSnapshot: @Sendable () -> Void
    /// The loop's lag, which the daemon records into as it runs; nil: none shown.
    public var lag: LoopLagHistogram?

    public init(answer: @escaping @Sendable (ControlRequest) async -> ControlReply,
                counters: @escaping @Sendable () async -> [MetricCounter] = { [] },
                graph: @escaping @Sendable () async -> WebGraph = { WebGraph(traits: []) },
                requestSnapshot: @escaping @Sendable () -> Void = {},
                lag: LoopLagHistogram? = nil) {
        self.answer = answer
        self.counters = counters
        self.graph = graph
        self.requestSnapshot = requestSnapshot
        self.lag = lag
    }
}

/// What one web server takes at most, so that no client can make it hold more: the
/// daemon's outputs never wait for it, and its memory stays small.
///
/// ```swift
/// var limits = WebLimits()
/// limits.connections = 8     // a ninth waits in the kernel's backlog
/// ```
public struct WebLimits: Hashable, Sendable {
    /// The largest request body read (`POST /api/set`); larger ones are answered 413.
    public var bodyBytes = 16 * 1024
    /// The request line and headers together; larger ones are refused (431).
    public var headerBytes = 16 * 1024
    /// Connections served at once. Past it, new connections are not accepted: they wait
    /// in the kernel's backlog (`backlog`), and past that the kernel refuses them.
    public var connections = 64
    /// Connections the kernel keeps waiting past `connections`.
    public var backlog = 16
    /// A connection whose request line and headers have not all arrived this long after
    /// it opened, or after its previous response, is closed: an idle keep-alive
    /// connection, and a client that sends a header byte a minute, alike.
    public var idleTimeout = Duration.seconds(10)

    public init() {}
}

/// What one web server takes at most, so that no client can make it hold more: the
/// daemon's outputs never wait for it, and its memory stays small.
///
/// ```swift
/// var limits = WebLimits()
/// limits.connections = 8     // a ninth is closed at once
/// ```
public struct WebLimits: Hashable, Sendable {
    /// The largest request body read (`POST /api/set`); larger ones are answered 413.
    public var bodyBytes = 16 * 1024
    /// The request line and headers together; larger ones are refused (431).
    public var headerBytes = 16 * 1024
    /// Connections served at once. Past it, a new connection is closed at once.
    public var connections = 64
    /// Connections the kernel keeps waiting to be accepted.
    public var backlog = 16
    /// A connection whose request (its line, headers and body) has not all arrived this
    /// long after it opened, or after its previous response, is closed (answered 408
    /// first when its headers had come): an idle keep-alive connection, a client that
    /// sends a header byte a minute, and a body that never ends, alike.
    public var idleTimeout = Duration.seconds(10)
    /// Event streams (`GET /api/events`) open at once. Past it, the oldest is closed.
    /// Once its headers are sent, a stream is not held to `idleTimeout`.
    public var streams = 16
    /// What may wait unread for one stream's client; past it, that stream is closed.
    public var streamBytes = 256 * 1024
    /// How often an open stream gets a `: keep-alive` comment, so that proxies and the
    /// page see it alive. No stream, no timer.
    public var keepAlive = Duration.seconds(30)

    public init() {}
}

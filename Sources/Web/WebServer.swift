#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Locks
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

/// The web server: SwiftNIO's HTTP/1.1 on an event-loop thread of its own, answering
/// the routes of `WebRoutes` through the daemon's `WebBackend`. Nothing of it runs on
/// the daemon's loop: a request waits for the daemon's answer, the daemon never waits
/// for a request.
///
/// ```swift
/// let server = try await WebServer.start(settings, backend: backend, logger: logger)
/// server.boundAddress      // 127.0.0.1:8080 (the port given, for port 0)
/// await server.stop()
/// ```
public final class WebServer: Sendable {
    public let settings: WebSettings
    /// Where it listens: the port the kernel gave when `settings` asked for port 0.
    public let boundAddress: WebAddress
    private let group: MultiThreadedEventLoopGroup
    private let channel: LockedValueBox<(any Channel)?>
    private let gate: WebGate
    private let feed: WebFeed
    private let streams: WebStreams

    private init(settings: WebSettings, boundAddress: WebAddress, group: MultiThreadedEventLoopGroup,
                 channel: any Channel, gate: WebGate, feed: WebFeed, streams: WebStreams) {
        self.settings = settings
        self.boundAddress = boundAddress
        self.group = group
        self.channel = LockedValueBox(channel)
        self.gate = gate
        self.feed = feed
        self.streams = streams
    }

    /// Requests refused for want of the token since start.
    public var refusedTokens: Int { gate.total(of: .token) }
    /// Connections refused past the limit since start.
    public var refusedConnections: Int { gate.total(of: .connections) }

    /// Event streams closed, the oldest past the limit, since start.
    public var closedStreams: Int { gate.total(of: .streams) }
    /// Event streams closed because their client read nothing, since start.
    public var closedUnreadStreams: Int { gate.total(of: .unreadStream) }

    /// Listens on `settings.address` and serves; returns once it listens, or throws why
    /// it cannot (the address in use, a permission). Its event streams get what `feed`
    /// is handed from then on, until it stops.
    public static func start(_ settings: WebSettings, backend: WebBackend, feed: WebFeed = WebFeed(),
                             logger: Logger) async throws(WebServerError) -> WebServer {
        let gate = WebGate(token: settings.token, logger: logger)
        let routes = WebRoutes(backend: backend, controls: settings.controls, gate: gate, feed: feed,
                               history: settings.history)
        let limits = settings.limits
        var decoderLimits = NIOHTTPDecoderLimitConfiguration()
        decoderLimits.maxHeaderFieldSize = limits.headerBytes
        decoderLimits.maxHeaderListSize = limits.headerBytes
        decoderLimits.maxHeaderFieldCount = 100
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let streams = WebStreams(loop: group.next(), limits: limits, gate: gate)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: Int32(limits.backlog))
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ConnectionLimiter(limit: limits.connections, gate: gate))
                }
            }
            // What one turn reads from a connection: at most 8 KiB, once. A client's
            // pipelined requests are decoded as soon as they are read, and wait decoded
            // for the answers before them; read as SwiftNIO's defaults read (up to four
            // 64 KiB reads a turn), a client that reads no answer could have 6,000 short
            // requests waiting on its connection before the back pressure below stopped
            // the reads (scripts/bench/web-unread-rss: 2 MB a client, now 0.25 MB).
            .childChannelOption(.recvAllocator, value: AdaptiveRecvByteBufferAllocator(minimum: 256, initial: 2048,
                                                                                       maximum: 8192))
            .childChannelOption(.maxMessagesPerRead, value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline(
                    withPipeliningAssistance: true, withErrorHandling: true,
                    withDecoderLimitConfiguration: decoderLimits
                ).flatMapThrowing {
                    // A client that sends requests and reads no answer: once its answers
                    // fill the socket and the channel's write buffer (64 KiB), nothing
                    // more of it is read until it reads, so that what waits for it is
                    // bounded, and the daemon's loop answers no request it will not read.
                    try channel.pipeline.syncOperations.addHandler(BackPressureHandler(), position: .first)
                    try channel.pipeline.syncOperations.addHandler(WebConnection(routes: routes, limits: limits, streams: streams))
                }
            }
        let channel: any Channel
        do {
            switch settings.address {
            case .tcp(let host, let port):
                channel = try await bootstrap.bind(host: host, port: port).get()
            case .unix(let path):
                removeStaleSocket(at: path)
                channel = try await bootstrap.bind(unixDomainSocketPath: path).get()
            }
        } catch {
            try? await group.shutdownGracefully()
            throw WebServerError(address: settings.address, binding: error)
        }
        var bound = settings.address
        if case .tcp(let host, _) = settings.address, let port = channel.localAddress?.port {
            bound = .tcp(host: host, port: port)
        }
        feed.attach(streams)
        return WebServer(settings: settings, boundAddress: bound, group: group, channel: channel, gate: gate, feed: feed,
                         streams: streams)
    }

    /// Stops listening, closes every connection, ends the server's thread. Idempotent.
    /// A unix socket's file stays: its owner removes it (`removeSocketFile`) when it
    /// stops the server, before a new server may be listening at the same path.
    public func stop() async {
        guard let channel = channel.withLockedValue({ channel in defer { channel = nil }; return channel }) else { return }
        feed.detach(streams)
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    /// Removes the unix socket's file this server listens at (nothing for an address
    /// and port), so that no client connects to a server that is stopping.
    public func removeSocketFile() {
        if case .unix(let path) = settings.address { unlink(path) }
    }

    /// A socket file left by a server that is gone: binding there would fail.
    private static func removeStaleSocket(at path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard probe >= 0 else { return }
        defer { close(probe) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        // Something answers there: leave it, and let the bind say the address is in use.
        if connected != 0 { unlink(path) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Hummingbird
import HummingbirdCore
import Locks
import Logging
import NIOCore
import NIOPosix

/// The web server: Hummingbird 2 on an event-loop thread of its own, answering the
/// routes of `WebRoutes` through the daemon's `WebBackend`. Nothing of it runs on the
/// daemon's loop: a request waits for the daemon's answer, the daemon never waits for
/// a request.
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
    private let running: LockedValueBox<Task<Void, Never>?>
    private let gate: WebGate

    private init(settings: WebSettings, boundAddress: WebAddress, group: MultiThreadedEventLoopGroup,
                 task: Task<Void, Never>, gate: WebGate) {
        self.settings = settings
        self.boundAddress = boundAddress
        self.group = group
        self.running = LockedValueBox(task)
        self.gate = gate
    }

    /// Requests refused for want of the token since start.
    public var refusedTokens: Int { gate.total(of: .token) }

    /// Listens on `settings.address` and serves; returns once it listens, or throws why
    /// it cannot (the address in use, a permission).
    public static func start(_ settings: WebSettings, backend: WebBackend,
                             logger: Logger) async throws(WebServerError) -> WebServer {
        let gate = WebGate(token: settings.token, logger: logger)
        let routes = WebRoutes(backend: backend, controls: settings.controls, limits: settings.limits, gate: gate)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bind: BindAddress
        switch settings.address {
        case .tcp(let host, let port): bind = .hostname(host, port: port)
        case .unix(let path):
            bind = .unixDomainSocket(path: path)
            removeStaleSocket(at: path)
        }
        // Hummingbird's own lines (a line per start, per connection error) stay out of
        // the daemon's log; the server says what matters itself.
        var quiet = logger
        quiet.logLevel = .critical
        let (started, startedContinuation) = AsyncStream<Result<WebAddress, WebServerError>>.makeStream()
        let address = settings.address
        let limits = settings.limits
        let application = Application(
            router: routes.router(),
            server: .http1(configuration: HTTP1Channel.Configuration(
                idleTimeout: TimeAmount(limits.idleTimeout),
                httpDecoderConfiguration: .init(maxHeaderFieldSize: limits.headerBytes,
                                                maxHeaderListSize: limits.headerBytes, maxHeaderFieldCount: 100))),
            configuration: ApplicationConfiguration(
                address: bind, serverName: nil, backlog: limits.backlog, reuseAddress: true,
                availableConnectionsDelegate: ConnectionAllowance(limit: limits.connections, gate: gate)),
            onServerRunning: { channel in
                startedContinuation.yield(.success(Self.address(of: channel, asked: address)))
            },
            eventLoopGroupProvider: .shared(group),
            logger: quiet)
        let task = Task {
            do {
                try await application.run()
                startedContinuation.yield(.failure(WebServerError(address: address, reason: "the server stopped")))
            } catch {
                startedContinuation.yield(.failure(WebServerError(address: address, binding: error)))
            }
            startedContinuation.finish()
        }
        var outcome: Result<WebAddress, WebServerError> = .failure(WebServerError(address: address, reason: "the server stopped"))
        for await first in started {
            outcome = first
            break
        }
        switch outcome {
        case .success(let bound):
            return WebServer(settings: settings, boundAddress: bound, group: group, task: task, gate: gate)
        case .failure(let error):
            task.cancel()
            await task.value
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Stops listening, closes every connection, ends the server's thread. Idempotent.
    /// A unix socket's file stays: its owner removes it (`removeSocketFile`) when it
    /// stops the server, before a new server may be listening at the same path.
    public func stop() async {
        guard let task = running.withLockedValue({ task in defer { task = nil }; return task }) else { return }
        task.cancel()
        await task.value
        try? await group.shutdownGracefully()
    }

    /// Removes the unix socket's file this server listens at (nothing for an address
    /// and port), so that no client connects to a server that is stopping.
    public func removeSocketFile() {
        if case .unix(let path) = settings.address { unlink(path) }
    }

    private static func address(of channel: any Channel, asked: WebAddress) -> WebAddress {
        guard case .tcp(let host, _) = asked, let port = channel.localAddress?.port else { return asked }
        return .tcp(host: host, port: port)
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

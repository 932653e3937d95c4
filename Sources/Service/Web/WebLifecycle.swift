import Config
import Control
import Engine
import Logging
import Loop
import Reactive
import SystemCore
import Values
import Web

/// The web server's place in the daemon: started when the config has `web:`, and only
/// then (no `web:`, no thread, nothing allocated); on a reload, kept when `web:` and its
/// token are the same, else the old server stopped and the new one started. A server
/// that cannot listen (the address in use) is an error in the log, and the engine runs
/// on.
///
/// The server runs on its own thread and reaches the daemon only through the
/// `WebBackend` it is handed: requests are run on the daemon's loop (`loop.execute`)
/// and answered as the control socket answers them.
///
/// It keeps the page's feed (`WebFeed`: the event streams' source, the history rings,
/// the log's last lines) across servers, and the graph as the page draws it, made at
/// start and at each reload (`learn`).
///
/// ```swift
/// let web = WebLifecycle(loop: loop, backend: backend, feed: feed, logTap: logging.webLog, logger: logger)
/// let observation = web.observe(engine)
/// web.apply(configuration.web)       // at start and at each reload
/// web.learn(configuration, snapshot: engine.snapshot(), reload: false)
/// web.stop()
/// ```
///
/// Loop thread only.
final class WebLifecycle {
    private let loop: any EventLoop
    private let backend: WebBackend
    private let logger: Logger
    /// What the page reads: kept while `web:` is, whatever server runs.
    let feed: WebFeed
    private let collector: WebChangeCollector
    private let logTap: WebLogTap
    /// The running graph as the page draws it (`GET /api/graph`).
    private(set) var graph = WebGraph(traits: [])
    /// The settings of the server that runs or is starting; nil: none.
    private var wanted: WebSettings?
    private var server: WebServer?
    /// Bumped at each change, so that a server that finished starting after a later
    /// change is stopped rather than kept.
    private var generation = 0

    init(loop: any EventLoop, backend: WebBackend, feed: WebFeed, logTap: WebLogTap, logger: Logger) {
        self.loop = loop
        self.backend = backend
        self.feed = feed
        self.logTap = logTap
        self.logger = logger
        collector = WebChangeCollector(loop: loop, publish: feed.publish)
    }

    /// Hands `engine`'s changes to the feed, one batch per transaction, while a server
    /// is wanted.
    func observe(_ engine: Engine) -> AnyCancellable {
        collector.observe(engine)
    }

    /// A new graph (start, reload): the page's graph made again, the feed told its
    /// nodes, and every stream sent the engine's values (with `reload`, after
    /// `event: graph`, so that the page fetches the graph again).
    func learn(_ configuration: Configuration, snapshot: EngineSnapshot, reload: Bool) {
        guard let declaration = configuration.web else { return }
        graph = WebGraph(traits: configuration.traits.all)
        feed.learn(graph, history: declaration.history)
        feed.publishSnapshot(snapshot, time: loop.wallClockNow / 1_000_000, reload: reload)
    }

    /// Whether a server is wanted (it may still be starting).
    var isWanted: Bool { wanted != nil }

    /// Runs the server `declaration` describes, or none: keeps the running one when
    /// nothing changed.
    func apply(_ declaration: WebDeclaration?) {
        loop.preconditionInEventLoop()
        guard let declaration else { return stop() }
        let settings: WebSettings
        do throws(WebServerError) {
            settings = try Self.settings(of: declaration)
        } catch {
            logger.error("\(error.description)")
            return stop()
        }
        guard settings != wanted else { return }
        stop()
        wanted = settings
        collector.isEnabled = true
        logTap.feed = feed
        let generation = generation
        let bound = LoopBound(self, loop: loop)
        let backend = backend
        let logger = logger
        let feed = feed
        Task {
            do throws(WebServerError) {
                let server = try await WebServer.start(settings, backend: backend, feed: feed, logger: logger)
                bound.loop.execute {
                    let lifecycle = bound.value
                    guard lifecycle.generation == generation else {
                        Task { await server.stop() }
                        return
                    }
                    lifecycle.server = server
                    let access = settings.token == nil ? "no token" : "token required"
                    lifecycle.logger.info("web: listening on \(server.boundAddress) (\(access), controls \(settings.controls ? "on" : "off"))")
                }
            } catch {
                logger.error("\(error.description)")
            }
        }
    }

    /// Stops the server, if any; its thread ends once its connections are closed. The
    /// feed forgets its rings and lines, and hears nothing more until a server is
    /// wanted again.
    func stop() {
        loop.preconditionInEventLoop()
        generation += 1
        wanted = nil
        collector.isEnabled = false
        logTap.feed = nil
        feed.clear()
        guard let server else { return }
        self.server = nil
        // At once, not once the server has stopped: the daemon may exit first.
        server.removeSocketFile()
        Task { await server.stop() }
    }

    /// The server's settings: the address, the token read from `token_file`.
    static func settings(of declaration: WebDeclaration) throws(WebServerError) -> WebSettings {
        let address: WebAddress = switch declaration.listen {
        case .tcp(let host, let port): .tcp(host: host, port: port)
        case .unix(let path): .unix(path: path)
        }
        var settings = WebSettings(address: address, controls: declaration.controls, history: declaration.history)
        if let path = declaration.tokenFile {
            let bytes: [UInt8]
            do throws(RegularFileRefusal) {
                bytes = try SystemCall.readRegularFile(path, limit: 4096)
            } catch {
                let reason = switch error {
                case .failed(let failure): "cannot read token_file \(path): \(failure.reason)"
                case .notRegular: "token_file \(path) is not a regular file"
                case .tooLarge: "token_file \(path) is larger than 4 KiB: it holds one token"
                case .changed: "cannot read token_file \(path): it changed while it was read"
                }
                throw WebServerError(address: address, reason: reason + "; the server is not started")
            }
            guard let token = BearerToken(fileContents: bytes) else {
                throw WebServerError(address: address,
                                     reason: "token_file \(path): \(BearerToken.requirement); the server is not started")
            }
            settings.token = token
        }
        return settings
    }
}

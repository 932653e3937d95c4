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
    /// The server wanted could not listen: the same settings are tried again.
    private var unheard = false
    /// The servers' starts and stops, each after the one before.
    private let servers = WebServerSequence()

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

    /// Runs the server `declaration` describes, or none: keeps the running one when
    /// nothing changed, and tries again one that could not listen (a reload after the
    /// address was freed).
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
        guard settings != wanted || unheard else { return }
        stop()
        wanted = settings
        collector.isEnabled = true
        logTap.feed = feed
        let backend = backend
        let logger = logger
        let feed = feed
        let bound = LoopBound(self, loop: loop)
        servers.start { () throws(WebServerError) in
            try await WebServer.start(settings, backend: backend, feed: feed, logger: logger)
        } started: { server in
            let access = settings.token == nil ? "no token" : "token required"
            logger.info("web: listening on \(server.boundAddress) (\(access), controls \(settings.controls ? "on" : "off"))")
        } failed: { error in
            logger.error("\(error.description)")
            bound.loop.execute {
                if bound.value.wanted == settings { bound.value.unheard = true }
            }
        }
    }

    /// Stops the server, if any; its thread ends once its connections are closed, and
    /// a server asked for after it starts only then. The feed forgets its rings and
    /// lines, and hears nothing more until a server is wanted again.
    func stop() {
        loop.preconditionInEventLoop()
        guard wanted != nil else { return }
        wanted = nil
        unheard = false
        collector.isEnabled = false
        logTap.feed = nil
        feed.clear()
        servers.stop()
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

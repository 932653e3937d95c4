import Control
import JSON
import Values

/// The server's route table: the page, the JSON API and `/metrics`, each route a method,
/// a path (a fixed one, or a prefix followed by a name) and what answers it.
///
/// | route | answer |
/// | --- | --- |
/// | `GET /` | the page (`WebPage`), served without the token: it holds no data |
/// | `GET /api/status` | as `gpioagg status --json` prints it |
/// | `GET /api/why/NAME` | the control socket's reply to `why`: `{"ok":true,"why":[...]}`, 404 for an unknown name |
/// | `POST /api/set` | `{"node": NAME, "value": VALUE}`, answered as the control socket answers `set` (with `controls: true`) |
/// | `GET /metrics` | Prometheus's text format (`MetricsText`) |
///
/// Every other route needs the token when one is configured (`WebGate`).
///
/// ```swift
/// let routes = WebRoutes(backend: backend, controls: true, gate: gate)
/// await routes.respond(to: WebRequest(method: "GET", path: "/api/status"))   // 200, the snapshot
/// ```
struct WebRoutes: Sendable {
    let backend: WebBackend
    let controls: Bool
    let gate: WebGate
    /// The history rings and the log the page reads (`WebRoutes+Feed`).
    var feed = WebFeed()
    /// `history:`, as `GET /api/graph` tells the page.
    var history = Duration.seconds(24 * 3600)

    /// A route: where it is, and what answers it (given the rest of the path after a
    /// prefix route's prefix).
    struct Route: Sendable {
        enum Path: Sendable {
            case exactly(String)
            /// The prefix and a non-empty name after it: `/api/why/` and `ready_led`.
            case prefix(String)
        }
        var method: String
        var path: Path
        /// False only for the page itself, which holds no data and asks for the token.
        var needsToken = true
        var answer: @Sendable (WebRoutes, WebRequest, String) async -> WebResponse

        /// The rest of `path` after this route's prefix (empty for a fixed path); nil when
        /// the route is not at `path`.
        func matches(_ path: String) -> String? {
            switch self.path {
            case .exactly(let exact):
                return path == exact ? "" : nil
            case .prefix(let prefix):
                guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
                return String(path.dropFirst(prefix.count))
            }
        }
    }

    static let table: [Route] = [
        Route(method: "GET", path: .exactly("/"), needsToken: false) { _, _, _ in WebPage.response },
        Route(method: "GET", path: .exactly("/api/status")) { routes, _, _ in await routes.status() },
        Route(method: "GET", path: .prefix("/api/why/")) { routes, _, name in await routes.why(name) },
        Route(method: "POST", path: .exactly("/api/set")) { routes, request, _ in await routes.set(request.body) },
        Route(method: "GET", path: .exactly("/metrics")) { routes, _, _ in await routes.metrics() },
        Route(method: "GET", path: .exactly("/api/graph")) { routes, _, _ in await routes.graph() },
        Route(method: "GET", path: .exactly("/api/events")) { _, _, _ in .eventStream },
        Route(method: "GET", path: .prefix("/api/history/")) { routes, _, name in routes.history(name) },
        Route(method: "GET", path: .exactly("/api/log")) { routes, _, _ in routes.log() },
    ]

    /// The answer to `request`: the page to anyone; else 401 without the token, 404 for a
    /// path no route has, 405 for a method its route does not take.
    func respond(to request: WebRequest) async -> WebResponse {
        for route in Self.table where !route.needsToken && route.method == request.method {
            if let rest = route.matches(request.path) { return await route.answer(self, request, rest) }
        }
        guard gate.admits(authorization: request.authorization) else {
            var response = Self.failure(401,
                                        "this server needs its token: send Authorization: Bearer TOKEN, the token being the first line of web:'s token_file")
            response.headers["WWW-Authenticate"] = "Bearer"
            return response
        }
        var methods: [String] = []
        for route in Self.table {
            guard let rest = route.matches(request.path) else { continue }
            guard route.method == request.method else {
                methods.append(route.method)
                continue
            }
            return await route.answer(self, request, rest)
        }
        guard methods.isEmpty else {
            var response = Self.failure(405, "\(request.path) takes \(methods.joined(separator: ", ")), not \(request.method)")
            response.headers["Allow"] = methods.joined(separator: ", ")
            return response
        }
        return Self.failure(404, "no such path: \(request.path); paths: \(Self.paths.joined(separator: ", "))")
    }

    /// Every path the table serves, as the 404 lists them (`/api/why/NAME`).
    static let paths: [String] = {
        var seen: Set<String> = []
        return table.map { route in
            switch route.path {
            case .exactly(let path): path
            case .prefix(let prefix): prefix + "NAME"
            }
        }.filter { seen.insert($0).inserted }
    }()

    // MARK: Routes

    func status() async -> WebResponse {
        let reply = await backend.answer(.status)
        guard case .status(let snapshot) = reply else { return Self.controlReply(reply, failure: 500) }
        return .json(200, snapshot.json.serialized(.spaced))
    }

    func why(_ name: String) async -> WebResponse {
        Self.controlReply(await backend.answer(.why(name: name)), failure: 404)
    }

    func set(_ body: [UInt8]) async -> WebResponse {
        guard controls else {
            return Self.failure(403, "controls are off: write controls: true in web: to let POST /api/set set nodes")
        }
        switch Self.setRequest(body: body) {
        case .success(let request): return Self.controlReply(await backend.answer(request), failure: 422)
        case .failure(let refusal): return Self.failure(400, refusal.message)
        }
    }

    func metrics() async -> WebResponse {
        let reply = await backend.answer(.status)
        guard case .status(let snapshot) = reply else { return Self.controlReply(reply, failure: 500) }
        return WebResponse(status: 200, contentType: MetricsText.contentType,
                           body: MetricsText.render(snapshot: snapshot, counters: await backend.counters(),
                                                    lag: backend.lag))
    }

    // MARK: Bodies

    struct Refusal: Error {
        var message: String
    }

    /// `{"node": "NAME", "value": VALUE}` as the control socket's `set`, checked by the
    /// control protocol's own decoder so that its refusals read the same.
    static func setRequest(body: [UInt8]) -> Result<ControlRequest, Refusal> {
        let example = #"write {"node": "NAME", "value": "on"} (or "off", "toggle", "press", "open", "close", "stop", "auto", or a number)"#
        let document: JSONValue
        do {
            document = try JSONValue(parsing: body)
        } catch {
            return .failure(Refusal(message: "the body is not JSON: \(error.description); \(example)"))
        }
        guard case .object(let object) = document else {
            return .failure(Refusal(message: "the body must be a JSON object, not \(document.kindDescription); \(example)"))
        }
        if let unknown = object.keys.first(where: { !["node", "value"].contains($0) }) {
            return .failure(Refusal(message: "unknown field '\(unknown)'; fields: node, value"))
        }
        guard case .string(let node)? = object["node"], !node.isEmpty else {
            return .failure(Refusal(message: "\"node\" must name an input or output; \(example)"))
        }
        guard let value = object["value"] else {
            return .failure(Refusal(message: "\"value\" is missing; \(example)"))
        }
        var request = JSONObject(["op": .string("set")])
        request.set("name", .string(node))
        request.set("value", value)
        do {
            return .success(try ControlRequest(decoding: JSONValue.object(request).serialized))
        } catch {
            return .failure(Refusal(message: error.message))
        }
    }

    /// The control socket's reply as JSON: 200 when it is `ok`, `failure` when not.
    static func controlReply(_ reply: ControlReply, failure: Int) -> WebResponse {
        if case .failure = reply { return .json(failure, reply.encoded()) }
        return .json(200, reply.encoded())
    }

    static func failure(_ status: Int, _ message: String) -> WebResponse {
        controlReply(.failure(message), failure: status)
    }
}

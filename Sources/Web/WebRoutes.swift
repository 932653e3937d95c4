import Control
import Hummingbird
import JSON
import Values

/// The server's route table: the JSON API and `/metrics`. The page and its event
/// stream join it here, each route saying whether it needs the token.
///
/// | route | answer |
/// | --- | --- |
/// | `GET /api/status` | as `gpioagg status --json` prints it |
/// | `GET /api/why/NAME` | the control socket's reply to `why`: `{"ok":true,"why":[...]}`, 404 for an unknown name |
/// | `POST /api/set` | `{"node": NAME, "value": VALUE}`, answered as the control socket answers `set` (with `controls: true`) |
/// | `GET /metrics` | Prometheus's text format (`MetricsText`) |
struct WebRoutes: Sendable {
    let backend: WebBackend
    let controls: Bool
    let limits: WebLimits
    let gate: WebGate

    typealias Context = BasicRequestContext

    func router() -> Router<Context> {
        let router = Router(context: Context.self)
        router.add(middleware: TokenCheck(gate: gate))
        router.get("api/status") { _, _ in await status() }
        router.get("api/why/:name") { _, context in await why(try context.parameters.require("name")) }
        router.post("api/set") { request, _ in await set(request) }
        router.get("metrics") { _, _ in await metrics() }
        return router
    }

    // MARK: Routes

    func status() async -> Response {
        let reply = await backend.answer(.status)
        guard case .status(let snapshot) = reply else { return Self.controlReply(reply, failure: .internalServerError) }
        return Self.json(.ok, snapshot.json.serialized(.spaced) + "\n")
    }

    func why(_ name: String) async -> Response {
        Self.controlReply(await backend.answer(.why(name: name)), failure: .notFound)
    }

    func set(_ request: Request) async -> Response {
        guard controls else {
            return Self.failure(.forbidden,
                                "controls are off: write controls: true in web: to let POST /api/set set nodes")
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limits.bodyBytes)
        } catch {
            return Self.failure(.contentTooLarge, "the body is larger than \(limits.bodyBytes) bytes")
        }
        let setRequest: ControlRequest
        switch Self.setRequest(body: Array(buffer: body)) {
        case .success(let decoded): setRequest = decoded
        case .failure(let refusal): return Self.failure(.badRequest, refusal.message)
        }
        return Self.controlReply(await backend.answer(setRequest), failure: .unprocessableContent)
    }

    func metrics() async -> Response {
        let reply = await backend.answer(.status)
        guard case .status(let snapshot) = reply else { return Self.controlReply(reply, failure: .internalServerError) }
        let text = MetricsText.render(snapshot: snapshot, counters: await backend.counters())
        return Response(status: .ok, headers: [.contentType: MetricsText.contentType],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
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
    static func controlReply(_ reply: ControlReply, failure: HTTPResponse.Status) -> Response {
        if case .failure = reply { return json(failure, reply.encoded() + "\n") }
        return json(.ok, reply.encoded() + "\n")
    }

    static func failure(_ status: HTTPResponse.Status, _ message: String) -> Response {
        controlReply(.failure(message), failure: status)
    }

    static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "application/json"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

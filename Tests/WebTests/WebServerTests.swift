import Control
import Glibc
import SystemCore
import JSON
import Locks
import Logging
import TestSupport
import Testing
import Values
import Web

/// The web server in-process, on a free loopback port, asked over real sockets as a
/// browser or a Prometheus scraper would: every answer is the control socket's own.
@Suite("Web server: the JSON API, the token, the limits, /metrics")
struct WebServerTests {
    /// The limits of a test that is not about time: a request may take long to be served
    /// when the whole suite runs under a sanitizer on a busy machine.
    static var patientLimits: WebLimits {
        var limits = WebLimits()
        limits.idleTimeout = .seconds(120)
        return limits
    }

    /// A server on a free port (the kernel's choice) in front of `board`.
    static func serve(_ board: BoardBackend, token: String? = nil, controls: Bool = true,
                      limits: WebLimits = patientLimits, log: LockedValueBox<[LogEntry]> = LockedValueBox([]))
        async throws -> (WebServer, HTTPExchange) {
        var settings = WebSettings(address: .tcp(host: "127.0.0.1", port: 0), controls: controls, limits: limits)
        settings.token = token.flatMap { BearerToken(fileContents: Array(($0 + "\n").utf8)) }
        let logger = Logger(label: "web-test") { _ in RecordingLogHandler(entries: log) }
        let server = try await WebServer.start(settings, backend: board.backend, logger: logger)
        guard case .tcp(_, let port) = server.boundAddress else { throw HTTPExchange.Failure(description: "not tcp") }
        return (server, HTTPExchange(port: port))
    }

    @Test("GET /api/status answers as gpioagg status --json prints the snapshot")
    func status() async throws {
        let board = BoardBackend()
        let (server, http) = try await Self.serve(board)
        let response = try await http.get("/api/status")
        await server.stop()
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let snapshot = EngineSnapshot(values: board.values.withLockedValue { $0 })
        #expect(response.body == snapshot.json.serialized(.spaced) + "\n")
        let parsed = try JSONValue(parsing: Array(response.body.utf8))
        guard case .object(let object) = parsed, case .object(let inputs)? = object["inputs"] else {
            Issue.record("no inputs in \(response.body)")
            return
        }
        #expect(inputs["switch1"] == .bool(true))
        #expect(inputs["setpoint"] == .number(21.5))
    }

    @Test("GET /api/why/NAME gives the control socket's lines; an unknown name is 404 with its error")
    func why() async throws {
        let (server, http) = try await Self.serve(BoardBackend())
        let known = try await http.get("/api/why/switch1")
        let unknown = try await http.get("/api/why/switch9")
        await server.stop()
        #expect(known.status == 200)
        #expect(known.body == ControlReply.explanation(["input switch1 = on"]).encoded() + "\n")
        #expect(unknown.status == 404)
        #expect(unknown.body == #"{"error":"no input, signal or output named 'switch9'","ok":false}"# + "\n"
            || unknown.body == ControlReply.failure("no input, signal or output named 'switch9'").encoded() + "\n")
    }

    @Test("POST /api/set sets through the control socket's set: a word, a number, and its refusal as 422")
    func set() async throws {
        let board = BoardBackend()
        let (server, http) = try await Self.serve(board)
        let on = try await http.post("/api/set", body: #"{"node": "override", "value": "on"}"#)
        let number = try await http.post("/api/set", body: #"{"node": "setpoint", "value": 19}"#)
        let refused = try await http.post("/api/set", body: #"{"node": "switch1", "value": "on"}"#)
        let badValue = try await http.post("/api/set", body: #"{"node": "override", "value": "sideways"}"#)
        let notJSON = try await http.post("/api/set", body: "node=override")
        await server.stop()
        #expect(on.status == 200 && on.body == ControlReply.ok.encoded() + "\n")
        #expect(board.values.withLockedValue { $0[NodeID(.input, "override")] } == .level(true))
        #expect(number.status == 200)
        #expect(number.body == ControlReply.value(.number(19, MeasurementUnit("°C")), precision: 1).encoded() + "\n")
        #expect(refused.status == 422)
        #expect(refused.body.contains("'switch1' is not a command input"))
        #expect(badValue.status == 400)
        #expect(badValue.body.contains(#"\"value\" must be"#), "\(badValue.body)")
        #expect(notJSON.status == 400 && notJSON.body.contains("the body is not JSON"))
        #expect(board.requests.withLockedValue { $0 }.filter {
            if case .set = $0 { true } else { false }
        } == [.set(name: "override", value: .command(.on)), .set(name: "setpoint", value: .number(19)),
              .set(name: "switch1", value: .command(.on))])
    }

    @Test("without controls: true, POST /api/set is 403 saying so, and nothing is set")
    func controlsOff() async throws {
        let board = BoardBackend()
        let (server, http) = try await Self.serve(board, controls: false)
        let response = try await http.post("/api/set", body: #"{"node": "override", "value": "on"}"#)
        await server.stop()
        #expect(response.status == 403)
        #expect(response.body.contains("controls are off: write controls: true in web:"))
        #expect(board.values.withLockedValue { $0[NodeID(.input, "override")] } == .level(false))
    }

    @Test("with a token file, a request without the token or with a wrong one is 401, logged once with a count")
    func token() async throws {
        let board = BoardBackend()
        let log = LockedValueBox<[LogEntry]>([])
        let (server, http) = try await Self.serve(board, token: "s3cret", log: log)
        let missing = try await http.post("/api/set", body: #"{"node": "override", "value": "on"}"#)
        let wrong = try await http.post("/api/set", body: #"{"node": "override", "value": "on"}"#,
                                        headers: [("Authorization", "Bearer s3cre")])
        let status = try await http.get("/api/status", headers: [("Authorization", "Bearer wrong!")])
        let metrics = try await http.get("/metrics")
        #expect(board.values.withLockedValue { $0[NodeID(.input, "override")] } == .level(false))
        let right = try await http.post("/api/set", body: #"{"node": "override", "value": "on"}"#,
                                        headers: [("Authorization", "Bearer s3cret")])
        let refusals = server.refusedTokens
        await server.stop()
        #expect([missing.status, wrong.status, status.status, metrics.status] == [401, 401, 401, 401])
        #expect(missing.header("WWW-Authenticate") == "Bearer")
        #expect(missing.body.contains("send Authorization: Bearer TOKEN"))
        #expect(right.status == 200)
        #expect(board.values.withLockedValue { $0[NodeID(.input, "override")] } == .level(true))
        #expect(refusals == 4)
        let lines = log.withLockedValue { $0 }.filter { $0.message.contains("token") }
        #expect(lines.count == 1, "\(lines.map(\.message))")
        #expect(lines.first?.level == .warning)
    }

    @Test("a body over the limit is 413; an unknown route is 404")
    func limits() async throws {
        var limits = Self.patientLimits
        limits.bodyBytes = 64
        let board = BoardBackend()
        let (server, http) = try await Self.serve(board, limits: limits)
        let padding = String(repeating: " ", count: 100)
        let large = try await http.post("/api/set", body: #"{"node": "override", "value": "on"}"# + padding)
        let unknown = try await http.get("/api/statuss")
        await server.stop()
        #expect(large.status == 413)
        #expect(board.values.withLockedValue { $0[NodeID(.input, "override")] } == .level(false))
        #expect(unknown.status == 404)
    }

    @Test("/metrics: each level as 0 or 1 and each number, with its kind; unavailable absent; the counters")
    func metrics() async throws {
        let (server, http) = try await Self.serve(BoardBackend())
        let response = try await http.get("/metrics")
        await server.stop()
        #expect(response.status == 200)
        #expect(response.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        let lines = response.body.split(separator: "\n").map(String.init)
        #expect(lines.contains("# TYPE gpioagg_node_value gauge"))
        #expect(lines.contains(#"gpioagg_node_value{node="switch1",kind="input"} 1.0"#), "\(lines)")
        #expect(lines.contains(#"gpioagg_node_value{node="override",kind="input"} 0.0"#))
        #expect(lines.contains(#"gpioagg_node_value{node="setpoint",kind="input"} 21.5"#))
        #expect(lines.contains(#"gpioagg_node_value{node="all_on",kind="signal"} 0.0"#))
        #expect(lines.contains(#"gpioagg_node_value{node="ready_led",kind="output"} 0.0"#))
        #expect(!response.body.contains(#"node="probe""#))
        #expect(lines.contains("# TYPE gpioagg_reloads_total counter"))
        #expect(lines.contains("gpioagg_reloads_total 2"))
    }

    @Test("a second server on the same address is refused: the address is in use")
    func addressInUse() async throws {
        let (first, http) = try await Self.serve(BoardBackend())
        let settings = WebSettings(address: .tcp(host: "127.0.0.1", port: http.port))
        do {
            let second = try await WebServer.start(settings, backend: BoardBackend().backend,
                                                   logger: Logger(label: "web-test") { _ in SwiftLogNoOpLogHandler() })
            await second.stop()
            Issue.record("a second server listened on \(http.port)")
        } catch {
            #expect(error.description == "web: cannot listen on 127.0.0.1:\(http.port): the address is in use")
        }
        // The first one serves on.
        #expect(try await http.get("/api/status").status == 200)
        await first.stop()
    }

    @Test("a client that sends its headers and then stops sending its body is answered 408 at the idle limit")
    func slowBody() async throws {
        var limits = WebLimits()
        limits.idleTimeout = .milliseconds(200)
        let board = BoardBackend()
        let (server, http) = try await Self.serve(board, limits: limits)
        let body = Array(#"{"node": "override", "value": "on"}"#.utf8)
        var request = http.raw(method: "POST", path: "/api/set", headers: [], body: body)
        request.removeLast(body.count / 2)
        let response = try await http.send(request)
        await server.stop()
        #expect(response.status == 408)
        #expect(response.body.contains("the request did not arrive within"))
        #expect(board.values.withLockedValue { $0[NodeID(.input, "override")] } == .level(false))
    }

    @Test("past the connection limit a new connection is closed at once, counted and logged once; the others are served")
    func connectionLimit() async throws {
        var limits = Self.patientLimits
        limits.connections = 1
        let log = LockedValueBox<[LogEntry]>([])
        let (server, http) = try await Self.serve(BoardBackend(), limits: limits, log: log)
        let held = try #require(HTTPExchange.connect(port: http.port))
        // The held connection is accepted before the next one: it has sent its first bytes
        // and the server has read them once its request line is complete.
        let refused: Bool = await withCheckedContinuation { continuation in
            do {
                try SystemThreadStart.run {
                    let partial = Array("GET /api/status HTTP/1.1\r\n".utf8)
                    _ = partial.withUnsafeBytes { Glibc.write(held, $0.baseAddress, $0.count) }
                    var closedCount = 0
                    for _ in 0..<2 {
                        guard let extra = HTTPExchange.connect(port: http.port) else { continue }
                        defer { Glibc.close(extra) }
                        // Closed by the server: end of stream, not the client's receive timeout.
                        var byte: UInt8 = 0
                        if Glibc.read(extra, &byte, 1) == 0 { closedCount += 1 }
                    }
                    return closedCount == 2
                } done: { continuation.resume(returning: $0) }
            } catch {
                continuation.resume(returning: false)
            }
        }
        #expect(refused)
        #expect(server.refusedConnections == 2)
        Glibc.close(held)
        let lines = log.withLockedValue { $0 }.filter { $0.message.contains("refused a connection") }
        #expect(lines.count == 1, "\(log.withLockedValue { $0 }.map(\.message))")
        await server.stop()
    }

    @Test("a client that sends part of its request line and stops is dropped at the idle limit")
    func slowClientDropped() async throws {
        var limits = WebLimits()
        limits.idleTimeout = .milliseconds(200)
        let (server, http) = try await Self.serve(BoardBackend(), limits: limits)
        let closed: Bool = await withCheckedContinuation { continuation in
            do {
                try SystemThreadStart.run {
                    guard let descriptor = HTTPExchange.connect(port: http.port) else { return false }
                    defer { Glibc.close(descriptor) }
                    let partial = Array("GET /api/sta".utf8)
                    _ = partial.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                    // The server closes: read returns 0 (end of stream), not the client's receive timeout.
                    var byte: UInt8 = 0
                    let count = Glibc.read(descriptor, &byte, 1)
                    return count == 0
                } done: { continuation.resume(returning: $0) }
            } catch {
                continuation.resume(returning: false)
            }
        }
        #expect(closed)
        // Others are served on.
        #expect(try await http.get("/api/status").status == 200)
        await server.stop()
    }

    /// 200 requests sent at once, each answered with some 40 KB: far more than the
    /// socket and the 64 KiB write buffer hold, so that the server waits for the client
    /// to read before it answers the next. Once the client reads, every answer comes,
    /// none lost.
    @Test("a client that sends many requests before it reads any answer gets them all once it reads")
    func unreadAnswersWait() async throws {
        let board = BoardBackend()
        board.values.withLockedValue { values in
            for index in 0..<2_000 { values[NodeID(.input, "sensor_\(index)")] = .number(Double(index), MeasurementUnit("°C")) }
        }
        let (server, http) = try await Self.serve(board)
        let requests = 200
        let answered: Int = await withCheckedContinuation { continuation in
            do {
                try SystemThreadStart.run {
                    guard let descriptor = HTTPExchange.connect(port: http.port) else { return -1 }
                    defer { Glibc.close(descriptor) }
                    let request = Array("GET /api/status HTTP/1.1\r\nHost: test\r\n\r\n".utf8)
                    let all = Array(Array(repeating: request, count: requests).joined())
                    // Sent on a thread of its own: the server stops reading them while its
                    // answers wait, and this one reads only once all are sent.
                    try? SystemThreadStart.run({
                        var sent = 0
                        while sent < all.count {
                            let count = all[sent...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                            guard count > 0 else { break }
                            sent += count
                        }
                    }, done: { _ in })
                    var received: [UInt8] = []
                    var buffer = [UInt8](repeating: 0, count: 65_536)
                    var statuses = 0
                    let marker = Array("HTTP/1.1 200 OK\r\n".utf8)
                    while statuses < requests {
                        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                        guard count > 0 else { break }
                        received += buffer[..<count]
                        // Count whole status lines, keeping a partial one for the next read.
                        var index = 0
                        while index + marker.count <= received.count {
                            if received[index] == marker[0], received[index..<(index + marker.count)].elementsEqual(marker) {
                                statuses += 1
                                index += marker.count
                            } else {
                                index += 1
                            }
                        }
                        received.removeFirst(max(0, received.count - marker.count + 1))
                    }
                    return statuses
                } done: { continuation.resume(returning: $0) }
            } catch {
                continuation.resume(returning: -1)
            }
        }
        await server.stop()
        #expect(answered == requests)
        #expect(board.requests.withLockedValue { $0.count } == requests)
    }
}

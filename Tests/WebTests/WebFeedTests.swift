import Glibc
import Control
import JSON
import Locks
import Logging
import TestSupport
import Testing
import Values
@testable import Web

/// The page's side of the server in-process, on a free loopback port, read over real
/// sockets as the page reads it: the graph, the event stream, the history and the log.
@Suite("Web server: the graph, the event stream, the history rings and the log")
struct WebFeedTests {
    struct Served {
        var server: WebServer
        var http: HTTPExchange
        var feed: WebFeed
        var board: BoardBackend
        var port: Int { http.port }

        func stream() throws -> EventStreamClient { try EventStreamClient(port: port) }
    }

    /// A server in front of `BoardBackend`, its feed knowing `WebGraphTests.traits`; a
    /// new stream's snapshot is the board's values, handed to the feed as the daemon
    /// hands them.
    static func serve(limits: WebLimits = WebServerTests.patientLimits, history: Duration = .seconds(3600),
                      token: String? = nil, log: LockedValueBox<[LogEntry]> = LockedValueBox([])) async throws -> Served {
        let board = BoardBackend()
        let feed = WebFeed()
        let graph = WebGraph(traits: WebGraphTests.traits)
        feed.learn(graph, history: history)
        var backend = board.backend
        backend.graph = { graph }
        backend.requestSnapshot = {
            feed.publishSnapshot(EngineSnapshot(values: board.values.withLockedValue { $0 }), time: 0, reload: false)
        }
        var settings = WebSettings(address: .tcp(host: "127.0.0.1", port: 0), controls: true, limits: limits, history: history)
        settings.token = token.flatMap { BearerToken(fileContents: Array(($0 + "\n").utf8)) }
        let logger = Logger(label: "web-test") { _ in RecordingLogHandler(entries: log) }
        let server = try await WebServer.start(settings, backend: backend, feed: feed, logger: logger)
        guard case .tcp(_, let port) = server.boundAddress else { throw HTTPExchange.Failure(description: "not tcp") }
        return Served(server: server, http: HTTPExchange(port: port), feed: feed, board: board)
    }

    static func changes(at time: Int64, _ changes: [(NodeID, NodeValue)]) -> SettledChanges {
        SettledChanges(time: time, changes: changes.map { SettledChange($0.0, value: $0.1) })
    }

    @Test("GET /api/graph: controls, the history window, and the daemon's graph by rank")
    func graph() async throws {
        let served = try await Self.serve(history: .seconds(5400))
        let response = try await served.http.get("/api/graph")
        await served.server.stop()
        #expect(response.status == 200 && response.header("Content-Type") == "application/json")
        let document = try JSONValue(parsing: Array(response.body.utf8))
        #expect(document == WebGraph(traits: WebGraphTests.traits).json(controls: true, history: .seconds(5400)))
        #expect(document["history_seconds"] == .number(5400))
    }

    @Test("a new stream gets the snapshot GET /api/status answers first, then one changes event per transaction")
    func snapshotThenChanges() async throws {
        let served = try await Self.serve()
        let stream = try served.stream()
        let snapshot = try #require(await stream.next())
        #expect(stream.head.hasPrefix("HTTP/1.1 200"))
        #expect(stream.head.lowercased().contains("content-type: text/event-stream"))
        #expect(stream.head.lowercased().contains("transfer-encoding: chunked"))
        let status = try await served.http.get("/api/status")
        #expect(snapshot.name == "snapshot")
        #expect(snapshot.json == (try JSONValue(parsing: Array(status.body.utf8))))

        // A transaction that moved two nodes is one event; the next is another.
        served.feed.publish(Self.changes(at: 1_764_662_400_000, [(.input("switch1"), .off), (.signal("not_switch"), .on)]))
        served.feed.publish(Self.changes(at: 1_764_662_400_050, [(.input("setpoint"), .number(19.5, "°C"))]))
        let first = try #require(await stream.next())
        let second = try #require(await stream.next())
        await served.server.stop()
        #expect(first.name == "changes")
        #expect(first.data == #"{"time":1764662400000,"changes":[{"node":"switch1","value":false},"#
            + #"{"node":"not_switch","value":true}]}"#)
        #expect(second.json?["changes"] == .array([.object(JSONObject([("node", .string("setpoint")), ("value", .number(19.5))]))]))
    }

    @Test("an HTTP/1.0 client gets the stream unframed, as HTTP/1.0 reads a body to the connection's end")
    func streamToHTTP10() async throws {
        let served = try await Self.serve()
        let stream = try EventStreamClient(port: served.port, version: "1.0")
        let snapshot = try #require(await stream.next())
        #expect(stream.head.hasPrefix("HTTP/1.0 200"), "\(stream.head)")
        #expect(stream.head.lowercased().contains("content-type: text/event-stream"))
        #expect(!stream.head.lowercased().contains("transfer-encoding"), "no chunks for a client that knows none")
        #expect(snapshot.name == "snapshot")
        served.feed.publish(Self.changes(at: 1_764_662_400_000, [(.input("switch1"), .on)]))
        let change = try #require(await stream.next())
        #expect(change.data == #"{"time":1764662400000,"changes":[{"node":"switch1","value":true}]}"#)
        await served.server.stop()
        #expect(await stream.readsToEnd())
    }

    @Test("a reload sends every stream event: graph, then a fresh snapshot")
    func reload() async throws {
        let served = try await Self.serve()
        let stream = try served.stream()
        #expect(await stream.next()?.name == "snapshot")
        served.board.values.withLockedValue { $0[.input("switch1")] = .off }
        served.feed.publishSnapshot(EngineSnapshot(values: served.board.values.withLockedValue { $0 }), time: 5, reload: true)
        let graph = await stream.next()
        let snapshot = await stream.next()
        await served.server.stop()
        #expect(graph?.name == "graph")
        #expect(snapshot?.name == "snapshot")
        #expect(snapshot?.json?["inputs"]?["switch1"] == .bool(false))
    }

    @Test("each line logged comes as event: log, and GET /api/log has the last ones, oldest first")
    func log() async throws {
        let served = try await Self.serve()
        let stream = try served.stream()
        #expect(await stream.next()?.name == "snapshot")
        served.feed.log(WebLogLine(time: 1, level: "info", message: "output ready_led on"))
        served.feed.log(WebLogLine(time: 2, level: "warning", message: "web: refused a request"))
        let first = await stream.next()
        let second = await stream.next()
        let response = try await served.http.get("/api/log")
        await served.server.stop()
        #expect(first?.name == "log" && first?.data == #"{"time":1,"level":"info","message":"output ready_led on"}"#)
        #expect(second?.json?["level"] == .string("warning"))
        #expect(response.status == 200)
        #expect(response.body == #"{"lines":[{"time":1,"level":"info","message":"output ready_led on"},"#
            + #"{"time":2,"level":"warning","message":"web: refused a request"}]}"# + "\n")
    }

    @Test("GET /api/history/NAME: a number's changes and curve, a level's changes and no curve, 404 for an unknown name")
    func history() async throws {
        let served = try await Self.serve()
        let now = WebRoutes.wallClockMilliseconds()
        // setpoint has one decimal place, as its change carries it.
        served.feed.publish(SettledChanges(time: now - 2000, changes: [
            SettledChange(.input("setpoint"), value: .number(20, "°C"), precision: 1), SettledChange(.input("switch1"), value: .on),
        ]))
        served.feed.publish(SettledChanges(time: now - 1000, changes: [
            SettledChange(.input("setpoint"), value: .number(20.25, "°C"), precision: 1),
        ]))
        let number = try await served.http.get("/api/history/setpoint")
        let level = try await served.http.get("/api/history/switch1")
        let unknown = try await served.http.get("/api/history/switch9")
        await served.server.stop()
        #expect(number.status == 200)
        let document = try JSONValue(parsing: Array(number.body.utf8))
        #expect(document["node"] == .string("setpoint") && document["unit"] == .string("°C"))
        let expected: JSONValue = .array([.array([.number(Double(now - 2000)), .number(20)]),
                                          .array([.number(Double(now - 1000)), .number(20.3)])])
        #expect(document["changes"] == expected, "at the node's precision, as status shows it")
        #expect(document["points"] == expected)
        let levelDocument = try JSONValue(parsing: Array(level.body.utf8))
        #expect(levelDocument["changes"] == .array([.array([.number(Double(now - 2000)), .bool(true)])]))
        #expect(levelDocument["points"] == .null && levelDocument["unit"] == .null)
        #expect(unknown.status == 404 && unknown.body.contains("switch9"))
    }

    @Test("past 16 streams the oldest is closed, logged once; the others go on")
    func streamLimit() async throws {
        let log = LockedValueBox<[LogEntry]>([])
        let served = try await Self.serve(log: log)
        var streams: [EventStreamClient] = []
        for _ in 0...WebLimits().streams {
            let stream = try served.stream()
            #expect(await stream.next()?.name == "snapshot")
            streams.append(stream)
        }
        #expect(await streams[0].readsToEnd(), "the oldest is closed")
        served.feed.publish(Self.changes(at: 1, [(.input("switch1"), .off)]))
        for stream in streams.dropFirst() { #expect(await stream.next()?.name == "changes") }
        #expect(served.server.closedStreams == 1)
        await served.server.stop()
        #expect(log.withLockedValue { $0 }.filter { $0.message.contains("event stream") }.count == 1)
    }

    @Test("a client that reads nothing is closed once too much waits for it; a reading one goes on")
    func unreadClientClosed() async throws {
        var limits = WebServerTests.patientLimits
        limits.streamBytes = 64 * 1024
        let served = try await Self.serve(limits: limits)
        let sleeper = try EventStreamClient(port: served.port, receiveBuffer: 1024)
        let reader = try served.stream()
        #expect(await reader.next()?.name == "snapshot")
        // Batches of 100 changes (about 5 KiB each) until the sleeper is closed.
        let batch = (0..<100).map { (NodeID.signal("a_rather_long_signal_name_\($0)"), NodeValue.number(Double($0), .none)) }
        var sent = 0
        while served.server.closedUnreadStreams == 0, sent < 20_000 {
            served.feed.publish(Self.changes(at: Int64(sent), batch))
            sent += 1
            #expect(await reader.next()?.json?["time"] == .number(Double(sent - 1)))
        }
        #expect(served.server.closedUnreadStreams == 1, "after \(sent) batches")
        #expect(await sleeper.readsToEnd())
        served.feed.publish(Self.changes(at: -1, [(.input("switch1"), .off)]))
        #expect(await reader.next()?.json?["time"] == .number(-1), "the reading client goes on")
        await served.server.stop()
    }

    @Test("a stream outlives the request timeout that closes an idle connection")
    func streamOutlivesIdleTimeout() async throws {
        var limits = WebLimits()
        limits.idleTimeout = .milliseconds(300)
        let served = try await Self.serve(limits: limits)
        let stream = try served.stream()
        #expect(await stream.next()?.name == "snapshot")
        // A connection opened after the stream, that sends nothing: closed at its timeout.
        let idle = try #require(HTTPExchange.connect(port: served.port))
        _ = await withCheckedContinuation { continuation in
            try? SystemThreadStart.run({ HTTPExchange.readToEnd(idle) }, done: { continuation.resume(returning: $0) })
        }
        close(idle)
        served.feed.publish(Self.changes(at: 7, [(.input("switch1"), .off)]))
        #expect(await stream.next()?.json?["time"] == .number(7))
        await served.server.stop()
    }

    @Test("an open stream gets a keep-alive comment at its interval")
    func keepAlive() async throws {
        var limits = WebServerTests.patientLimits
        limits.keepAlive = .milliseconds(50)
        let served = try await Self.serve(limits: limits)
        let stream = try served.stream()
        stream.includesComments = true
        #expect(await stream.next()?.name == "snapshot")
        #expect(await stream.next() == EventStreamClient.Event(name: ":", data: "keep-alive"))
        await served.server.stop()
    }

    @Test("the stream, the graph, the history and the log need the token like every route")
    func token() async throws {
        let served = try await Self.serve(token: "s3cret")
        let refused = try EventStreamClient(port: served.port)
        #expect(await refused.next() == nil)
        #expect(refused.head.hasPrefix("HTTP/1.1 401"))
        let admitted = try EventStreamClient(port: served.port, token: "s3cret")
        #expect(await admitted.next()?.name == "snapshot")
        for path in ["/api/graph", "/api/history/switch1", "/api/log"] {
            #expect(try await served.http.get(path).status == 401, "\(path)")
            #expect(try await served.http.get(path, headers: [("Authorization", "Bearer s3cret")]).status == 200, "\(path)")
        }
        await served.server.stop()
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import Testing

extension WebDaemonTests {
    @Test("GET /api/graph ranks the nodes; /api/events starts with the snapshot, and a sim set arrives as one changes event and its log line")
    func events() throws {
        let (running, webSocket, control, configPath) = try Self.start()
        defer { running.process.terminate() }

        let graph = try UnixHTTP(path: webSocket).request("GET /api/graph")
        #expect(graph.status == 200)
        let document = try JSONSerialization.jsonObject(with: Data(graph.body.utf8)) as? [String: Any]
        let nodes = document?["nodes"] as? [[String: Any]] ?? []
        #expect(nodes.compactMap { $0["name"] as? String } == ["switch1", "override", "all_on", "ready_led"], "\(graph.body)")
        #expect(nodes.compactMap { $0["rank"] as? Int } == [0, 0, 1, 2])
        let switchLine = try #require(Self.config(socket: webSocket).split(separator: "\n").firstIndex { $0.hasPrefix("  switch1:") })
        #expect(nodes.first?["declared"] as? String == configPath + ":\(switchLine + 1)")
        #expect(nodes.last?["operands"] as? [String] == ["all_on"])
        #expect(document?["controls"] as? Bool == true && document?["history_seconds"] as? Int == 86_400)

        let stream = try UnixEventStream(path: webSocket)
        let snapshot = try #require(stream.next(named: "snapshot"), "\(stream.received)")
        let values = try JSONSerialization.jsonObject(with: Data(snapshot.utf8)) as? [String: [String: Any]]
        #expect(values?["inputs"]?["switch1"] as? Bool == false)

        let moved = try runProduct("gpioagg", ["sim", "set", "switch1", "on", "--control", control])
        #expect(moved.status == 0, "\(moved.errors)")
        let changes = try #require(stream.next(named: "changes"), "\(stream.received)")
        let batch = try JSONSerialization.jsonObject(with: Data(changes.utf8)) as? [String: Any]
        let changed = batch?["changes"] as? [[String: Any]] ?? []
        #expect(changed.count == 1 && changed.first?["node"] as? String == "switch1", "\(changes)")
        #expect(changed.first?["value"] as? Bool == true, "\(changes)")
        #expect((batch?["time"] as? Double).map { abs($0 / 1000 - Date().timeIntervalSince1970) < 600 } == true,
                "milliseconds since the epoch: \(changes)")
        // The line is logged as the change happens, before its transaction's batch.
        #expect(stream.received.contains(#"event: log\#ndata: {"time":"#), "\(stream.received)")
        #expect(stream.received.contains(#""level":"info","message":"input switch1 on"}"#), "\(stream.received)")

        // A reload (the same web:, one more signal): the stream is told to fetch the graph
        // again, then gets the new graph's values.
        let grown = Self.config(socket: webSocket).replacingOccurrences(
            of: "  all_on: { all: [switch1, override] }\n",
            with: "  all_on: { all: [switch1, override] }\n  none_on: { none: [switch1, override] }\n")
        try grown.write(toFile: configPath, atomically: true, encoding: .utf8)
        running.process.signal(SIGHUP)
        #expect(stream.next(named: "graph") == "{}", "\(stream.received)")
        let reloaded = try #require(stream.next(named: "snapshot"), "\(stream.received)")
        #expect(reloaded.contains(#""none_on":false"#), "\(reloaded)")
        let regraphed = try UnixHTTP(path: webSocket).request("GET /api/graph")
        #expect(regraphed.body.contains(#""name":"none_on""#))

        let lines = try UnixHTTP(path: webSocket).request("GET /api/log")
        #expect(lines.status == 200 && lines.body.contains(#""message":"input switch1 on""#), "\(lines.body)")
        let history = try UnixHTTP(path: webSocket).request("GET /api/history/switch1")
        #expect(history.status == 200 && history.body.contains(",true]]"), "\(history.body)")
        running.process.terminate()
        #expect(running.finish().status == 0)
    }
}

/// `GET /api/events` over the web server's unix socket, read as it comes: each event's
/// `data:` line, found in what has arrived (an event is one chunk of the body, so its
/// lines arrive together).
final class UnixEventStream {
    let descriptor: Int32
    private(set) var received = ""
    /// Where the next search starts: events already returned are not returned again.
    private var offset: String.Index

    init(path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        offset = received.startIndex
        guard descriptor >= 0 else { throw UnixHTTP.Failure(description: "socket: \(errno)") }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw UnixHTTP.Failure(description: "cannot connect to \(path): \(errno)")
        }
        let request = Array("GET /api/events HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    deinit { close(descriptor) }

    /// The data of the next event named `name`; nil if none comes before the server
    /// closes or 20 s pass with nothing.
    func next(named name: String) -> String? {
        let marker = "event: \(name)\ndata: "
        while true {
            if let start = received[offset...].range(of: marker),
               let end = received[start.upperBound...].range(of: "\n\n") {
                offset = end.upperBound
                return String(received[start.upperBound..<end.lowerBound])
            }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            let position = received.distance(from: received.startIndex, to: offset)
            received += String(decoding: buffer.prefix(count), as: UTF8.self)
            offset = received.index(received.startIndex, offsetBy: position)
        }
    }
}

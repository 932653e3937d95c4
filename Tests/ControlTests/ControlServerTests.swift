@testable import Control
import Foundation
import Testing
import TestSupport
import Values

/// The server and the client over a real socket, the server driven by a poll loop on
/// its own thread: a `PosixEventLoop`.
@Suite("Control server and client")
struct ControlServerTests {
    private let directory: TemporaryDirectory
    private let path: String

    init() throws {
        directory = try TemporaryDirectory(prefix: "gpioagg-control", parent: "/tmp/")
        path = directory.file("control.sock")
    }

    private func startServer(handler: any ControlHandler = RecordingHandler(), limits: ControlServer.Limits = .init()) throws -> ServerLoop {
        try ServerLoop(try ControlServer(path: path, handler: handler, limits: limits))
    }

    @Test("status round trip")
    func statusRoundTrip() throws {
        let handler = RecordingHandler()
        let loop = try startServer(handler: handler)
        defer { loop.stop() }
        let reply = try ControlClient(path: path).send(.status)
        #expect(reply == .status(RecordingHandler.demo))
        #expect(handler.requests == [.status])
    }

    @Test("sim requests reach the handler in order, and its failures reach the client")
    func simRequests() throws {
        let handler = RecordingHandler()
        let loop = try startServer(handler: handler)
        defer { loop.stop() }
        let client = ControlClient(path: path)
        #expect(try client.send(.sim(name: "switch1", action: .set(true))) == .ok)
        #expect(try client.send(.sim(name: "switch2", action: .toggle)) == .ok)
        #expect(try client.send(.sim(name: "switch3", action: .pulse(.milliseconds(50)))) == .ok)
        #expect(try client.send(.sim(name: "switch9", action: .toggle)) == .failure("no input named 'switch9'"))
        #expect(handler.requests == [
            .sim(name: "switch1", action: .set(true)),
            .sim(name: "switch2", action: .toggle),
            .sim(name: "switch3", action: .pulse(.milliseconds(50))),
            .sim(name: "switch9", action: .toggle),
        ])
    }

    @Test("malformed requests get error replies and the connection stays usable")
    func malformedKeepsConnection() throws {
        let handler = RecordingHandler()
        let loop = try startServer(handler: handler)
        defer { loop.stop() }
        let client = try RawClient(path: path)
        client.send("{\"op\":\n")
        #expect(client.readLine() == #"{"ok":false,"error":"invalid JSON at byte 6: unexpected end of input; expected a value"}"#)
        client.send(#"{"op":"launch"}"# + "\n")
        #expect(client.readLine() == #"{"ok":false,"error":"unknown op 'launch'; ops: status, sim, why, set"}"#)
        client.send(#"{"op":"sim","action":"set","name":"switch1","value":"on"}"# + "\n")
        #expect(client.readLine() == #"{"ok":false,"error":"\"value\" must be true, false, a number or null, not a string"}"#)
        client.send([0xFF, 0x0A])
        #expect(client.readLine() == #"{"ok":false,"error":"invalid JSON at byte 0: unexpected byte 0xFF; expected a value"}"#)
        client.send(#"{"op":"status"}"# + "\n")
        #expect(client.readLine() == ControlReply.status(RecordingHandler.demo).encoded())
        #expect(handler.requests == [.status])
    }

    @Test("several requests in one write: replies in order; blank lines ignored; CRLF accepted")
    func pipelining() throws {
        let loop = try startServer()
        defer { loop.stop() }
        let client = try RawClient(path: path)
        client.send("\n  \n" + #"{"op":"sim","action":"toggle","name":"switch1"}"# + "\r\n"
            + #"{"op":"sim","action":"toggle","name":"nope"}"# + "\n" + #"{"op":"status"}"# + "\n")
        #expect(client.readLine() == #"{"ok":true}"#)
        #expect(client.readLine() == #"{"ok":false,"error":"no input named 'nope'"}"#)
        #expect(client.readLine() == ControlReply.status(RecordingHandler.demo).encoded())
    }

    @Test("a request split over many writes is answered once complete")
    func splitRequest() throws {
        let loop = try startServer()
        defer { loop.stop() }
        let client = try RawClient(path: path)
        for byte in #"{"op":"status"}"#.utf8 {
            client.send([byte])
            usleep(1_000)
        }
        client.send("\n")
        #expect(client.readLine() == ControlReply.status(RecordingHandler.demo).encoded())
    }

    @Test("a last request without its newline is answered when the client stops sending")
    func halfClose() throws {
        let loop = try startServer()
        defer { loop.stop() }
        let client = try RawClient(path: path)
        client.send(#"{"op":"status"}"#)
        client.shutdownWriting()
        #expect(client.readLine() == ControlReply.status(RecordingHandler.demo).encoded())
        #expect(client.isClosedByServer())
        #expect(loop.waitUntil { $0.connectionCount == 0 })
    }

    @Test("an oversized request gets an error and its connection is closed; another client keeps working")
    func oversized() throws {
        let loop = try startServer(limits: .init(maxRequestBytes: 1024))
        defer { loop.stop() }
        let other = try RawClient(path: path)
        let client = try RawClient(path: path)
        client.send(String(repeating: "x", count: 1500))
        #expect(client.readLine()
            == #"{"ok":false,"error":"request too long: more than 1024 bytes without a newline; the connection is closed"}"#)
        #expect(client.isClosedByServer())
        other.send(#"{"op":"status"}"# + "\n")
        #expect(other.readLine() == ControlReply.status(RecordingHandler.demo).encoded())
        #expect(try ControlClient(path: path).send(.status) == .status(RecordingHandler.demo))
    }

    @Test("the default limit is 64 KiB per request")
    func defaultLimit() throws {
        let loop = try startServer()
        defer { loop.stop() }
        let padding = String(repeating: " ", count: 64 * 1024 - #"{"op":"status"}"#.utf8.count)
        let fits = try RawClient(path: path)
        fits.send(#"{"op":"status"}"# + padding + "\n")
        #expect(fits.readLine() == ControlReply.status(RecordingHandler.demo).encoded())
        let tooLong = try RawClient(path: path)
        tooLong.send(#"{"op":"status"}"# + padding + " \n")
        #expect(tooLong.readLine()?.contains("request too long: more than 65536 bytes") == true)
    }

    @Test("a client that leaves mid-line does not disturb the server")
    func leavesMidLine() throws {
        let handler = RecordingHandler()
        let loop = try startServer(handler: handler)
        defer { loop.stop() }
        do {
            let leaving = try RawClient(path: path)
            leaving.send(#"{"op":"sim","action":"tog"#)
            #expect(loop.waitUntil { $0.connectionCount == 1 })
        }
        #expect(loop.waitUntil { $0.connectionCount == 0 })
        #expect(try ControlClient(path: path).send(.status) == .status(RecordingHandler.demo))
        #expect(handler.requests == [.status])
    }

    @Test("a client that never reads its replies is dropped once they pile up")
    func neverReads() throws {
        // A big status reply fills the socket's buffers in a few requests.
        let names = (0..<2000).map { "input_with_a_long_name_\($0)" }
        let big = EngineSnapshot(inputs: Dictionary(uniqueKeysWithValues: names.map { ($0, true) }))
        let loop = try startServer(handler: RecordingHandler(snapshot: big),
                                   limits: .init(maxUnreadReplyBytes: 64 * 1024))
        defer { loop.stop() }
        let silent = try RawClient(path: path)
        #expect(loop.waitUntil { $0.connectionCount == 1 })
        var sent = 0
        while sent < 400, loop.connectionCount == 1, silent.send(#"{"op":"status"}"# + "\n") {
            sent += 1
        }
        #expect(loop.waitUntil { $0.connectionCount == 0 }, "still connected after \(sent) requests")
        let reply = try ControlClient(path: path).send(.status)
        #expect(reply == .status(big))
    }

    @Test("many clients at once")
    func manyClients() throws {
        let handler = RecordingHandler()
        let loop = try startServer(handler: handler)
        defer { loop.stop() }
        let path = self.path
        let failures = NSLock()
        nonisolated(unsafe) var wrong = 0
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let request = index % 2 == 0 ? ControlRequest.status : .sim(name: "switch1", action: .toggle)
            let expected = index % 2 == 0 ? ControlReply.status(RecordingHandler.demo) : .ok
            if (try? ControlClient(path: path).send(request)) != expected {
                failures.withLock { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        #expect(handler.requests.count == 40)
        // Clients held open at once, each answered on its own connection.
        let clients = try (0..<20).map { _ in try RawClient(path: self.path) }
        for client in clients { client.send(#"{"op":"status"}"# + "\n") }
        for client in clients { #expect(client.readLine() == ControlReply.status(RecordingHandler.demo).encoded()) }
        #expect(loop.connectionCount == 20)
    }

    @Test("silent connections filling the table do not lock others out: the longest idle makes room")
    func fullTableEvictsIdle() throws {
        let loop = try startServer(limits: .init(maxConnections: 4, idleTimeout: .seconds(60)))
        defer { loop.stop() }
        var silent: [RawClient] = []
        for count in 1...4 {
            silent.append(try RawClient(path: path))
            #expect(loop.waitUntil { $0.connectionCount == count })
        }
        #expect(try ControlClient(path: path).send(.status) == .status(RecordingHandler.demo))
        // The first to connect, silent ever since, was closed for it; the others stay.
        #expect(silent[0].isClosedByServer())
        #expect(loop.waitUntil { $0.connectionCount == 3 })
        // Asking makes the second the most recently active: the next eviction spares it.
        silent[1].send(#"{"op":"status"}"# + "\n")
        #expect(silent[1].readLine() == ControlReply.status(RecordingHandler.demo).encoded())
        let fourth = try RawClient(path: path)
        #expect(loop.waitUntil { $0.connectionCount == 4 })
        #expect(try ControlClient(path: path).send(.status) == .status(RecordingHandler.demo))
        #expect(silent[2].isClosedByServer())
        silent[1].send(#"{"op":"status"}"# + "\n")
        #expect(silent[1].readLine() == ControlReply.status(RecordingHandler.demo).encoded())
        #expect(loop.waitUntil { $0.connectionCount == 3 })
        withExtendedLifetime((silent, fourth)) {}
    }

    @Test("a silent or half-sent connection is closed after the idle time-out, and so is an answered one once idle")
    func idleConnectionsClosed() throws {
        let loop = try startServer(limits: .init(idleTimeout: .milliseconds(200)))
        defer { loop.stop() }
        let silent = try RawClient(path: path)
        let halfSent = try RawClient(path: path)
        halfSent.send(#"{"op":"sta"#)
        let answered = try RawClient(path: path)
        answered.send(#"{"op":"status"}"# + "\n")
        #expect(answered.readLine() == ControlReply.status(RecordingHandler.demo).encoded())
        // Each read waits at most 10 s: far beyond the time-out.
        #expect(silent.isClosedByServer())
        #expect(halfSent.isClosedByServer())
        #expect(answered.isClosedByServer())
        #expect(loop.waitUntil { $0.connectionCount == 0 })
        #expect(try ControlClient(path: path).send(.status) == .status(RecordingHandler.demo))
    }

    @Test("the socket is created with mode 0660")
    func socketMode() throws {
        let loop = try startServer()
        defer { loop.stop() }
        var status = stat()
        #expect(lstat(path, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFSOCK)
        #expect(status.st_mode & 0o777 == 0o660)
    }

    @Test("close removes the socket file")
    func closeRemovesFile() throws {
        let loop = try startServer()
        let client = try RawClient(path: path)
        #expect(loop.waitUntil { $0.connectionCount == 1 })
        #expect(FileManager.default.fileExists(atPath: path))
        loop.stop()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(client.isClosedByServer())
        do {
            _ = try ControlClient(path: path).send(.status)
            Issue.record("a closed server answered")
        } catch {
            #expect(error.kind == .notRunning)
        }
    }

    @Test("close leaves alone a socket file that another server put in its place")
    func closeSparesSuccessor() throws {
        let first = try ControlServer(path: path, handler: RecordingHandler())
        unlink(path)
        let second = try ControlServer(path: path, handler: RecordingHandler())
        first.close()
        #expect(FileManager.default.fileExists(atPath: path))
        second.close()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a stale socket file (nobody listening) is replaced")
    func staleSocketReplaced() throws {
        try makeStaleSocket(at: path)
        #expect(FileManager.default.fileExists(atPath: path))
        do {
            _ = try ControlClient(path: path).send(.status)
            Issue.record("a stale socket answered")
        } catch {
            #expect(error.kind == .notRunning)
            #expect(error.message == "gpioagg is not running (nothing listens on the control socket at \(path))")
        }
        let loop = try startServer()
        defer { loop.stop() }
        #expect(try ControlClient(path: path).send(.status) == .status(RecordingHandler.demo))
    }

    @Test("refuses to start where another server listens, naming its pid, and leaves it working")
    func refusesSecondServer() throws {
        let loop = try startServer()
        defer { loop.stop() }
        do {
            _ = try ControlServer(path: path, handler: RecordingHandler())
            Issue.record("a second server started")
        } catch {
            #expect(error.kind == .alreadyRunning)
            // Both servers are in this process: the pid the probe's SO_PEERCRED reports is ours.
            #expect(error.message == "another gpioagg (pid \(getpid())) is already running: it listens on the control socket at \(path)")
            #expect(error.hint == "stop the other one first (systemctl stop gpioagg), or give this one another --control PATH")
        }
        #expect(try ControlClient(path: path).send(.status) == .status(RecordingHandler.demo))
    }

    @Test("refuses a path that is not a socket, and leaves the file alone")
    func refusesRegularFile() throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8)))
        do {
            _ = try ControlServer(path: path, handler: RecordingHandler())
            Issue.record("started over a regular file")
        } catch {
            #expect(error.kind == .invalidPath)
            #expect(error.message == "\(path) exists and is not a socket, so it cannot be the control socket")
        }
        #expect(FileManager.default.contents(atPath: path) == Data("keep me".utf8))
    }

    @Test("a missing directory or an overlong path is named in the error")
    func badPaths() {
        let missing = directory.file("nowhere/control.sock")
        #expect(throws: ControlError.self) { try ControlServer(path: missing, handler: RecordingHandler()) }
        do {
            _ = try ControlServer(path: missing, handler: RecordingHandler())
        } catch {
            #expect(error.message == "cannot create the control socket: the directory \(directory.file("nowhere")) does not exist")
        }
        let long = directory.file(String(repeating: "s", count: 120))
        do {
            _ = try ControlServer(path: long, handler: RecordingHandler())
            Issue.record("accepted an overlong path")
        } catch {
            #expect(error.kind == .invalidPath)
            #expect(error.message.hasSuffix("at most 107 fit"))
        }
    }

    @Test("on the loop: listener and clients watched, events updated, all unwatched on close")
    func registrations() throws {
        let loop = try startServer()
        let listener = try #require(loop.watchedDescriptors.keys.first)
        #expect(loop.watchedDescriptors == [listener: Int16(POLLIN)])
        let client = try RawClient(path: path)
        #expect(loop.waitUntil { $0.connectionCount == 1 })
        #expect(loop.watchedDescriptors.count == 2)
        #expect(loop.watchedDescriptors.values.allSatisfy { $0 == Int16(POLLIN) })
        client.send(#"{"op":"status"}"# + "\n")
        #expect(client.readLine() != nil)
        loop.stop()
        #expect(loop.server.registered.isEmpty)
    }

    /// A socket file with nobody listening: what a killed daemon leaves behind.
    private func makeStaleSocket(at path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
    }
}

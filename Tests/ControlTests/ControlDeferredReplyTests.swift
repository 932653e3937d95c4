@testable import Control
import Foundation
import Testing
import TestSupport
import Values

/// Replies a handler gives later (the daemon's `sim` waits for the engine): they keep
/// each connection's order and hold nobody else up.
@Suite("Control server: replies given later")
struct ControlDeferredReplyTests {
    /// Answers `status` at once and keeps every `sim` responder until the test answers it.
    final class DeferringHandler: ControlHandler, @unchecked Sendable {
        /// Loop thread only.
        var waiting: [(request: ControlRequest, responder: ControlResponder)] = []
        /// Drop responders unanswered instead of keeping them.
        var dropsResponders = false

        func handle(_ request: ControlRequest) -> ControlReply {
            .status(RecordingHandler.demo)
        }

        func handle(_ request: ControlRequest, responder: ControlResponder) {
            guard case .sim = request else { return responder.reply(handle(request)) }
            if !dropsResponders { waiting.append((request, responder)) }
        }
    }

    private let directory: TemporaryDirectory
    private let path: String

    init() throws {
        directory = try TemporaryDirectory(prefix: "gpioagg-control", parent: "/tmp/")
        path = directory.file("control.sock")
    }

    private func start(_ handler: DeferringHandler, limits: ControlServer.Limits = .init()) throws -> ServerLoop {
        try ServerLoop(try ControlServer(path: path, handler: handler, limits: limits))
    }

    private static let simSet = #"{"op":"sim","action":"set","name":"switch1","value":true}"#
    private static let status = #"{"op":"status"}"#

    @Test("a request behind one that waits is neither handled nor answered before it; other clients are served meanwhile")
    func orderKept() throws {
        let handler = DeferringHandler()
        let loop = try start(handler)
        defer { loop.stop() }
        let client = try RawClient(path: path)
        client.send(Self.simSet + "\n" + Self.status + "\n" + #"{"op":"sim","action":"toggle","name":"switch2"}"# + "\n")
        #expect(loop.waitUntil { _ in handler.waiting.count == 1 })

        // Another connection is answered while the first waits.
        #expect(try ControlClient(path: path).send(.status) == .status(RecordingHandler.demo))
        #expect(loop.perform { _ in handler.waiting.map(\.request) } == [.sim(name: "switch1", action: .set(true))])

        loop.perform { _ in handler.waiting.removeFirst().responder.reply(.warning("not settled")) }
        #expect(client.readLine() == #"{"ok":true,"warning":"not settled"}"#)
        #expect(client.readLine() == ControlReply.status(RecordingHandler.demo).encoded())
        // The third request reached the handler only once the status before it was answered.
        #expect(loop.waitUntil { _ in handler.waiting.count == 1 })
        #expect(loop.perform { _ in handler.waiting.map(\.request) } == [.sim(name: "switch2", action: .toggle)])
        loop.perform { _ in handler.waiting.removeFirst().responder.reply(.ok) }
        #expect(client.readLine() == #"{"ok":true}"#)
    }

    @Test("a client that leaves while its reply is due is dropped; the late reply goes nowhere")
    func clientLeaves() throws {
        let handler = DeferringHandler()
        let loop = try start(handler)
        defer { loop.stop() }
        var client: RawClient? = try RawClient(path: path)
        client?.send(Self.simSet + "\n")
        #expect(loop.waitUntil { server in handler.waiting.count == 1 && server.connectionCount == 1 })
        client = nil
        #expect(loop.waitUntil { $0.connectionCount == 0 })
        loop.perform { _ in handler.waiting.removeFirst().responder.reply(.ok) }
        #expect(try ControlClient(path: path).send(.status) == .status(RecordingHandler.demo))
    }

    @Test("waiting for a reply is not idling: the idle time-out and the table's eviction spare the connection")
    func waitingIsNotIdle() throws {
        let handler = DeferringHandler()
        let loop = try start(handler, limits: .init(maxConnections: 2, idleTimeout: .milliseconds(100)))
        defer { loop.stop() }
        let client = try RawClient(path: path)
        client.send(Self.simSet + "\n")
        #expect(loop.waitUntil { _ in handler.waiting.count == 1 })
        // Two newcomers on a table of two: the silent one is evicted, never the waiting one.
        let silent = try RawClient(path: path)
        #expect(loop.waitUntil { $0.connectionCount == 2 })
        #expect(try ControlClient(path: path).send(.status) == .status(RecordingHandler.demo))
        #expect(silent.isClosedByServer())
        usleep(400_000)  // four idle time-outs
        #expect(loop.connectionCount == 1)
        loop.perform { _ in handler.waiting.removeFirst().responder.reply(.ok) }
        #expect(client.readLine() == #"{"ok":true}"#)
        // Answered, it idles like any other.
        #expect(client.isClosedByServer())
    }

    @Test("a responder dropped unanswered answers with a failure; a last request at end of input is answered before the close")
    func droppedAndEndOfInput() throws {
        let handler = DeferringHandler()
        let loop = try start(handler)
        defer { loop.stop() }
        let client = try RawClient(path: path)
        client.send(Self.simSet)  // no newline: answered at end of input
        client.shutdownWriting()
        #expect(loop.waitUntil { _ in handler.waiting.count == 1 })
        loop.perform { _ in handler.waiting.removeFirst().responder.reply(.ok) }
        #expect(client.readLine() == #"{"ok":true}"#)
        #expect(client.isClosedByServer())

        loop.perform { _ in handler.dropsResponders = true }
        #expect(try ControlClient(path: path).send(.sim(name: "switch1", action: .toggle))
            == .failure("the daemon dropped the request without an answer"))
    }

    @Test("wait travels on the wire only when false; a warning reply round-trips")
    func wire() throws {
        #expect(ControlRequest.sim(name: "a", action: .toggle).encoded() == #"{"op":"sim","action":"toggle","name":"a"}"#)
        #expect(ControlRequest.sim(name: "a", action: .toggle, wait: false).encoded()
            == #"{"op":"sim","action":"toggle","name":"a","wait":false}"#)
        #expect(try ControlRequest(decoding: #"{"op":"sim","action":"set","name":"a","value":true,"wait":false}"#)
            == .sim(name: "a", action: .set(true), wait: false))
        #expect(try ControlRequest(decoding: #"{"op":"sim","action":"pulse","name":"a","ms":5,"wait":true}"#)
            == .sim(name: "a", action: .pulse(.milliseconds(5))))
        #expect(throws: ControlError.invalidRequest("\"wait\" must be true or false, not a string")) {
            try ControlRequest(decoding: #"{"op":"sim","action":"toggle","name":"a","wait":"no"}"#)
        }
        #expect(try ControlReply(decoding: ControlReply.warning("slow").encoded()) == .warning("slow"))
    }
}

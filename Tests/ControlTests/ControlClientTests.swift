@testable import Control
import Foundation
import Testing
import TestSupport
import Values

/// The client against servers that are missing, stale, silent or broken.
@Suite("Control client")
struct ControlClientTests {
    private let directory: TemporaryDirectory
    private let path: String

    init() throws {
        directory = try TemporaryDirectory(prefix: "gpioagg-control", parent: "/tmp/")
        path = directory.file("control.sock")
    }

    private func error(sending request: ControlRequest = .status, timeout: Duration = .seconds(5)) -> ControlError? {
        do {
            let reply = try ControlClient(path: path, timeout: timeout).send(request)
            Issue.record("got a reply: \(reply)")
            return nil
        } catch {
            return error
        }
    }

    @Test("no socket file: gpioagg is not running")
    func noSocket() {
        let error = error()
        #expect(error?.kind == .notRunning)
        #expect(error?.message == "gpioagg is not running (no control socket at \(path))")
        #expect(error?.hint == "start it (systemctl start gpioagg, or gpioagg --simulate), or pass --control PATH "
            + "with the socket it listens on")
    }

    @Test("no directory either: still not running")
    func noDirectory() {
        #expect(throws: ControlError(.noSocket(path: directory.file("gone/control.sock")))) {
            try ControlClient(path: directory.file("gone/control.sock")).send(.status)
        }
    }

    @Test("a server that accepts but never answers: a time-out naming the socket")
    func silentServer() throws {
        let listener = try RawListener(path: path)
        let started = ContinuousClock.now
        let error = error(timeout: .milliseconds(200))
        let waited = ContinuousClock.now - started
        #expect(error?.kind == .timedOut)
        #expect(error?.message == "gpioagg did not reply within 0.2 s (control socket \(path))")
        #expect(waited >= .milliseconds(200) && waited < .seconds(3))
        withExtendedLifetime(listener) {}
    }

    @Test("a server that closes without replying")
    func closesWithoutReply() throws {
        let listener = try RawListener(path: path)
        listener.serveOnce { _ in nil }
        let error = error()
        #expect(error?.kind == .connectionClosed)
        #expect(error?.message == "gpioagg closed the control connection without replying (control socket \(path))")
    }

    @Test("a server that answers outside the protocol")
    func invalidReply() throws {
        let listener = try RawListener(path: path)
        listener.serveOnce { _ in "hello\n" }
        let error = error()
        #expect(error?.kind == .invalidReply)
        #expect(error?.message == "unexpected reply from gpioagg: invalid JSON at byte 0: unexpected 'h'; expected a value")
    }

    @Test("a reply that never ends is cut off at the limit")
    func endlessReply() throws {
        let listener = try RawListener(path: path)
        listener.serveOnce { _ in "\"" + String(repeating: "x", count: ControlClient.maxReplyBytes + 10) }
        let error = error()
        #expect(error?.kind == .invalidReply)
        #expect(error?.message == "unexpected reply from gpioagg: a reply longer than 4194304 bytes")
    }

    @Test("a status far larger than the unread-reply limit arrives whole")
    func largeStatus() throws {
        let names = (0..<20_000).map { "signal_with_a_rather_long_name_\($0)" }
        let big = EngineSnapshot(signals: Dictionary(uniqueKeysWithValues: names.map { ($0, NodeValue.level($0.hasSuffix("7"))) }))
        #expect(ControlReply.status(big).encoded().utf8.count > ControlServer.Limits().maxUnreadReplyBytes + 475_000)
        let loop = try ServerLoop(try ControlServer(path: path, handler: RecordingHandler(snapshot: big)))
        defer { loop.stop() }
        #expect(try ControlClient(path: path).send(.status) == .status(big))
    }

    @Test("sends exactly one line: the encoded request")
    func sendsOneLine() throws {
        let listener = try RawListener(path: path)
        let received = listener.serveOnce { _ in #"{"ok":true}"# + "\n" }
        #expect(try ControlClient(path: path).send(.sim(name: "switch1", action: .set(false))) == .ok)
        #expect(received.value == #"{"op":"sim","action":"set","name":"switch1","value":false}"# + "\n")
    }

    @Test("the permission hint points at the gpio group")
    func permissionHint() {
        let error = ControlError(.permissionDenied(path: path, operation: "connect to"))
        #expect(error.kind == .permissionDenied)
        #expect(error.message == "permission denied: cannot connect to the control socket at \(path)")
        #expect(error.hint.contains("'gpio' group"))
        #expect(error.hint.contains("sudo usermod -aG gpio $USER"))
        #expect(error.description == error.message + "\nhint: " + error.hint)
    }
}

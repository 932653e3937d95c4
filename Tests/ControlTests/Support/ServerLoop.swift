@testable import Control
import Foundation
import Loop

/// A `ControlServer` registered with a real `PosixEventLoop`, as the daemon runs it.
final class ServerLoop: @unchecked Sendable {
    let server: ControlServer
    let loop: PosixEventLoop

    init(_ server: ControlServer) throws {
        self.server = server
        loop = try PosixEventLoop()
        loop.sync { server.start(on: loop) }
    }

    /// Runs `body` on the loop's thread and returns its result.
    func perform<Result>(_ body: (ControlServer) -> Result) -> Result {
        loop.sync { body(server) }
    }

    var connectionCount: Int { perform { $0.connectionCount } }

    /// What the server has the loop watch: fd and events.
    var watchedDescriptors: [Int32: Int16] { perform { $0.registered } }

    /// Waits (up to 10 s) until `condition` holds on the loop thread.
    func waitUntil(_ condition: (ControlServer) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if perform(condition) { return true }
            usleep(5_000)
        }
        return false
    }

    /// Closes the server on the loop's thread and ends the loop.
    func stop() {
        loop.sync { server.close() }
        loop.stop()
    }
}

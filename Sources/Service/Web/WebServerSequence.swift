import Locks
import Logging
import Web

/// The web servers' starts and stops, one after the other: each waits for the one
/// before it. A new server listens only once the old one no longer does (on the same
/// address and port it could not: the kernel refuses a second listener), and a server
/// that finishes starting after a later start or stop was asked is stopped before
/// anything that follows runs.
///
/// ```swift
/// let servers = WebServerSequence()
/// servers.start { () throws(WebServerError) in try await WebServer.start(settings, backend: backend, logger: logger) }
///         started: { server in logger.info("web: listening on \(server.boundAddress)") }
///         failed: { error in logger.error("\(error.description)") }
/// servers.stop()     // the running server's socket file removed at once, the server stopped in turn
/// ```
///
/// Any thread.
final class WebServerSequence: Sendable {
    private struct State {
        /// The last operation asked; the next waits for it.
        var tail: Task<Void, Never>?
        /// The server that listens, once its start is done.
        var running: WebServer?
        /// Bumped at each start or stop asked: an operation whose number is no longer
        /// the last has been overtaken.
        var asked = 0
    }

    private let state = LockedValueBox(State())

    /// Stops the running server, then starts one with `make` unless a later start or
    /// stop was asked meanwhile; `started` or `failed` tells what came of it.
    func start(_ make: @escaping @Sendable () async throws(WebServerError) -> WebServer,
               started: @escaping @Sendable (WebServer) -> Void,
               failed: @escaping @Sendable (WebServerError) -> Void) {
        enqueue { sequence, ticket in
            await sequence.stopRunning()
            guard sequence.isLast(ticket) else { return }
            let server: WebServer
            do throws(WebServerError) {
                server = try await make()
            } catch {
                return failed(error)
            }
            let kept = sequence.state.withLockedValue { state in
                guard state.asked == ticket else { return false }
                state.running = server
                return true
            }
            guard kept else { return await Self.retire(server) }
            started(server)
        }
    }

    /// Stops the running server: its unix socket's file is removed at once (the daemon
    /// may exit before the server has stopped), the server stopped in turn.
    func stop() {
        state.withLockedValue { $0.running }?.removeSocketFile()
        enqueue { sequence, _ in await sequence.stopRunning() }
    }

    private func enqueue(_ operation: @escaping @Sendable (WebServerSequence, Int) async -> Void) {
        state.withLockedValue { state in
            state.asked += 1
            let ticket = state.asked
            let previous = state.tail
            state.tail = Task { [self] in
                await previous?.value
                await operation(self, ticket)
            }
        }
    }

    private func isLast(_ ticket: Int) -> Bool {
        state.withLockedValue { $0.asked == ticket }
    }

    private func stopRunning() async {
        guard let server = state.withLockedValue({ state in defer { state.running = nil }; return state.running }) else {
            return
        }
        await Self.retire(server)
    }

    /// Stops `server`, its socket file removed first: no client connects to a server
    /// that is stopping, and the next server may listen at the same path.
    private static func retire(_ server: WebServer) async {
        server.removeSocketFile()
        await server.stop()
    }
}

@testable import Control
import Foundation
import Testing

/// Drives a `ControlServer` on a thread of its own, the way the daemon's event loop
/// will: either polling `pollDescriptors` itself (`.polling`) or through the callbacks
/// of `start(register:unregister:)` (`.registered`). A pipe wakes it for `perform` and
/// `stop`.
final class ServerLoop: @unchecked Sendable {
    enum Style: String, CaseIterable, CustomTestStringConvertible {
        case polling, registered
        var testDescription: String { rawValue }
    }

    let server: ControlServer
    private let style: Style
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let lock = NSCondition()
    private var tasks: [() -> Void] = []
    private var stopping = false
    private var finished = false
    /// The registered style's table: what the server asked to be polled for.
    private var watched: [Int32: (events: Int16, ready: (Int16) -> Void)] = [:]
    /// Every fd the server unregistered, in order (touched on the loop thread only).
    private var unregistered: [Int32] = []

    init(_ server: ControlServer, style: Style = .polling) {
        self.server = server
        self.style = style
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        wakeRead = fds[0]
        wakeWrite = fds[1]
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// Runs `body` on the loop's thread and returns its result.
    func perform<Result>(_ body: @escaping (ControlServer) -> Result) -> Result {
        nonisolated(unsafe) var result: Result?
        let done = DispatchSemaphore(value: 0)
        lock.withLock { tasks.append { result = body(self.server); done.signal() } }
        wake()
        done.wait()
        return result!
    }

    var connectionCount: Int { perform { $0.connectionCount } }

    /// What the registered style's table holds now: fd and events.
    var watchedDescriptors: [Int32: Int16] { perform { _ in self.watched.mapValues(\.events) } }

    /// Every fd the server unregistered, in order; read after `stop`, when the loop's
    /// thread has finished with it.
    var unregisteredAfterStop: [Int32] {
        lock.withLock {
            precondition(finished, "read unregisteredAfterStop after stop()")
            return unregistered
        }
    }

    /// Waits (up to 10 s) until `condition` holds on the loop thread.
    func waitUntil(_ condition: @escaping (ControlServer) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if perform(condition) { return true }
            usleep(5_000)
        }
        return false
    }

    /// Closes the server on the loop's thread and ends the loop.
    func stop() {
        lock.withLock { stopping = true }
        wake()
        lock.lock()
        while !finished { lock.wait() }
        lock.unlock()
        close(wakeRead)
        close(wakeWrite)
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func run() {
        if style == .registered {
            server.start(
                register: { [self] fd, events, ready in watched[fd] = (events, ready) },
                unregister: { [self] fd in
                    watched[fd] = nil
                    unregistered.append(fd)
                })
        }
        while true {
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            switch style {
            case .polling:
                fds += server.pollDescriptors
            case .registered:
                fds += watched.map { pollfd(fd: $0.key, events: $0.value.events, revents: 0) }
            }
            _ = poll(&fds, nfds_t(fds.count), -1)
            if fds[0].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                _ = read(wakeRead, &drain, drain.count)
            }
            let (pending, stop) = lock.withLock { () -> ([() -> Void], Bool) in
                defer { tasks = [] }
                return (tasks, stopping)
            }
            pending.forEach { $0() }
            if stop { break }
            for entry in fds.dropFirst() where entry.revents != 0 {
                switch style {
                case .polling:
                    server.handle(entry.fd, revents: entry.revents)
                case .registered:
                    // The server may have unregistered it while handling an earlier entry.
                    watched[entry.fd]?.ready(entry.revents)
                }
            }
        }
        server.close()
        lock.withLock { finished = true; lock.broadcast() }
    }
}

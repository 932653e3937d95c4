#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Locks
import SystemCore

/// Clients that abuse a daemon's web server on a loopback port from a thread of their
/// own, for `webAbuseEdge`, until `stop()`:
///
/// - `flood`: 1,000 connections opened at once, far past the server's 64, then closed,
///   again and again: the server closes each one past its limit as it comes;
/// - `slowLoris`: 64 connections, the server's whole limit, each sending its request a
///   byte every 2 s (the server drops each at its 10 s limit; it is opened again);
/// - `unread`: 16 connections sending `GET /metrics` requests back to back as fast as
///   the socket takes them and never reading an answer (a closed one is opened again).
///
/// ```swift
/// let abuse = try WebAbuse(.flood, port: 8080)
/// ...                          // measure
/// let made = abuse.stop()      // connections opened, bytes sent
/// ```
final class WebAbuse: @unchecked Sendable {
    enum Kind: String, CaseIterable {
        case flood, slowLoris, unread
    }

    struct Tally {
        /// Connections opened.
        var connections = 0
        /// Bytes the sockets took.
        var sent = 0
    }

    let kind: Kind
    private let port: UInt16
    private let stopping = LockedValueBox(false)
    private let tally = LockedValueBox(Tally())
    private let done = Semaphore()

    init(_ kind: Kind, port: UInt16) throws {
        self.kind = kind
        self.port = port
        try SystemThread.start(name: "bench-web-\(kind.rawValue)") { [self] in
            switch kind {
            case .flood: flood()
            case .slowLoris: slowLoris()
            case .unread: unread()
            }
            done.signal()
        }
    }

    /// Stops the clients, closes their connections, and says what they did.
    func stop() -> Tally {
        stopping.withLockedValue { $0 = true }
        done.wait()
        return tally.withLockedValue { $0 }
    }

    private var isStopping: Bool { stopping.withLockedValue { $0 } }

    /// A non-blocking connection to the port under way; nil when no socket can be had.
    private func connectSocket() -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 || errno == EINPROGRESS else {
            close(descriptor)
            return nil
        }
        tally.withLockedValue { $0.connections += 1 }
        return descriptor
    }

    /// Sends what the socket takes now; false once the server has closed it.
    private func send(_ bytes: [UInt8], on descriptor: Int32) -> (open: Bool, sent: Int) {
        let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if count >= 0 { return (true, count) }
        return (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINPROGRESS || errno == ENOTCONN, 0)
    }

    private func flood() {
        while !isStopping {
            var opened: [Int32] = []
            opened.reserveCapacity(1_000)
            for _ in 0..<1_000 {
                if let descriptor = connectSocket() { opened.append(descriptor) }
            }
            // Long enough for the server to accept (and close) what it can.
            usleep(20_000)
            for descriptor in opened { close(descriptor) }
        }
    }

    private func slowLoris() {
        let request = Array("GET /api/status HTTP/1.1\r\nHost: localhost\r\nX-Slow: \(String(repeating: "a", count: 64))\r\n\r\n".utf8)
        var connections: [(descriptor: Int32, next: Int)] = (0..<64).compactMap { _ in connectSocket().map { ($0, 0) } }
        var lastByte = MonotonicClock.now()
        while !isStopping {
            usleep(10_000)
            guard MonotonicClock.now() &- lastByte >= 2_000_000_000 else { continue }
            lastByte = MonotonicClock.now()
            for index in connections.indices {
                let (descriptor, next) = connections[index]
                let byte = [request[next % request.count]]
                let (open, sent) = send(byte, on: descriptor)
                if open {
                    connections[index].next += sent
                    tally.withLockedValue { $0.sent += sent }
                } else {
                    close(descriptor)
                    connections[index] = (connectSocket() ?? -1, 0)
                }
            }
        }
        for connection in connections where connection.descriptor >= 0 { close(connection.descriptor) }
    }

    private func unread() {
        let request = Array("GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        // Many requests at once: the socket takes what its buffer holds.
        let batch = Array((0..<64).map { _ in request }.joined())
        var connections: [(descriptor: Int32, pending: Int)] = (0..<16).compactMap { _ in connectSocket().map { ($0, 0) } }
        while !isStopping {
            for index in connections.indices {
                let (descriptor, pending) = connections[index]
                let (open, sent) = send(Array(batch[pending...]), on: descriptor)
                if open {
                    connections[index].pending = (pending + sent) % batch.count
                    tally.withLockedValue { $0.sent += sent }
                } else {
                    close(descriptor)
                    connections[index] = (connectSocket() ?? -1, 0)
                }
            }
            usleep(1_000)
        }
        for connection in connections where connection.descriptor >= 0 { close(connection.descriptor) }
    }
}

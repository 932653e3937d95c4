#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemCore

/// Sends one request to a running daemon and waits for its reply: what `gpioagg status`
/// and `gpioagg sim` do.
///
/// Each `send` opens its own connection, so a client is a plain value that can be
/// kept and reused from any thread.
///
/// ```swift
/// let client = ControlClient(path: "/run/gpioagg/control.sock")
/// switch try client.send(.status) {
/// case .status(let snapshot): print(snapshot.outputs)
/// case .failure(let message): print("error: \(message)")
/// case .ok: break
/// }
/// ```
public struct ControlClient: Sendable {
    /// The longest reply line accepted: far above any real status, and a bound on what
    /// a broken or impostor server can make the client hold.
    public static let maxReplyBytes = 4 * 1024 * 1024

    /// The system service's socket directory (systemd's `RuntimeDirectory=gpioagg`): its
    /// owner is the service's user, whom clients trust to answer there.
    public static let systemDirectory = "/run/gpioagg"

    public var path: String
    /// How long connecting, sending and receiving may take altogether.
    public var timeout: Duration

    public init(path: String, timeout: Duration = .seconds(5)) {
        self.path = path
        self.timeout = timeout
    }

    /// Sends `request` and returns the daemon's reply (which may be `.failure`).
    ///
    /// Throws `.notRunning` when no socket is at `path` or nobody listens on it,
    /// `.permissionDenied` when this user may not connect or the listener runs as a user
    /// it does not trust (see `trusts`), `.timedOut`, or
    /// `.connectionClosed` / `.invalidReply` when the server misbehaves.
    public func send(_ request: ControlRequest) throws(ControlError) -> ControlReply {
        let line = try exchange(Array((request.encoded() + "\n").utf8))
        return try ControlReply(decoding: line)
    }

    /// Sends `bytes` (one or more request lines) and returns the first reply line, without
    /// its newline.
    func exchange(_ bytes: [UInt8]) throws(ControlError) -> [UInt8] {
        try UnixSocket.validate(path)
        let deadline = ContinuousClock.now + timeout
        let fd: Int32
        do {
            fd = try UnixSocket.makeStream()
        } catch {
            throw ControlError(.system(operation: "connect to", path: path, errno: error.errno))
        }
        defer { SystemCall.close(fd) }
        try connect(fd, until: deadline)
        try checkServer(on: fd)
        try write(bytes, to: fd, until: deadline)
        return try readLine(from: fd, until: deadline)
    }

    private func connect(_ fd: Int32, until deadline: ContinuousClock.Instant) throws(ControlError) {
        while true {
            do {
                try UnixSocket.connectStream(fd, to: path)
                return
            } catch {
                switch error.errno {
                case ENOENT, ENOTDIR:
                    throw ControlError(.noSocket(path: path))
                case ECONNREFUSED:
                    throw ControlError(.nobodyListening(path: path))
                case EACCES, EPERM:
                    throw ControlError(.permissionDenied(path: path, operation: "connect to"))
                case EAGAIN:
                    // The server's backlog is full: it is busy, not gone.
                    guard ContinuousClock.now < deadline else { throw timedOut() }
                    usleep(10_000)
                case EINPROGRESS:
                    try wait(for: Int16(POLLOUT), on: fd, until: deadline)
                    var code: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
                    if code == 0 { return }
                    throw ControlError(.system(operation: "connect to", path: path, errno: code))
                default:
                    throw ControlError(.system(operation: "connect to", path: path, errno: error.errno))
                }
            }
        }
    }

    /// Refuses to talk to a server that may be another user posing as the daemon: one
    /// whose socket they put where the daemon's was (or will be).
    private func checkServer(on fd: Int32) throws(ControlError) {
        let server: UnixSocket.PeerCredentials
        do {
            server = try UnixSocket.peerCredentials(fd)
        } catch {
            throw ControlError(.system(operation: "check the server of", path: path, errno: error.errno))
        }
        let directory = ControlServer.directory(of: path)
        var status = stat()
        let directoryOwner = stat(directory, &status) == 0 ? status.st_uid : nil
        guard Self.trusts(serverUID: server.uid, clientUID: geteuid(), socketDirectory: directory,
                          directoryOwner: directoryOwner) else {
            throw ControlError(.untrustedServer(path: path, uid: server.uid))
        }
    }

    /// Whether a client running as `clientUID` trusts a server running as `serverUID`:
    /// root, the client's own user, or, for the system service's socket, the owner of
    /// its directory (the service's user, set by systemd).
    ///
    /// ```swift
    /// ControlClient.trusts(serverUID: 0, clientUID: 1000, socketDirectory: "/tmp", directoryOwner: 0)   // true
    /// ControlClient.trusts(serverUID: 1001, clientUID: 1000, socketDirectory: "/tmp", directoryOwner: 1001)   // false
    /// ```
    public static func trusts(serverUID: UInt32, clientUID: UInt32, socketDirectory: String,
                              directoryOwner: UInt32?) -> Bool {
        if serverUID == 0 || serverUID == clientUID { return true }
        return socketDirectory == systemDirectory && directoryOwner == serverUID
    }

    private func write(_ bytes: [UInt8], to fd: Int32, until deadline: ContinuousClock.Instant) throws(ControlError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                Result { () throws(SystemCallError) in
                    try UnixSocket.sendAvailable(fd, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                }
            }
            switch sent {
            case .success(let count):
                offset += count
            case .failure(let error) where error.errno == EAGAIN || error.errno == EWOULDBLOCK:
                try wait(for: Int16(POLLOUT), on: fd, until: deadline)
            case .failure(let error) where error.errno == EPIPE || error.errno == ECONNRESET:
                throw ControlError(.connectionClosed(path: path))
            case .failure(let error):
                throw ControlError(.system(operation: "send to", path: path, errno: error.errno))
            }
        }
    }

    private func readLine(from fd: Int32, until deadline: ContinuousClock.Instant) throws(ControlError) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemCallError) in
                    try SystemCall.retrying("recv") { recv(fd, buffer.baseAddress, buffer.count, 0) }
                }
            }
            switch result {
            case .success(0):
                throw ControlError(.connectionClosed(path: path))
            case .success(let count):
                let scanFrom = received.count
                received.append(contentsOf: chunk[0..<count])
                if let newline = received[scanFrom...].firstIndex(of: UInt8(ascii: "\n")) {
                    return Array(received[..<newline])
                }
                guard received.count <= Self.maxReplyBytes else {
                    throw .invalidReply("a reply longer than \(Self.maxReplyBytes) bytes")
                }
            case .failure(let error) where error.errno == EAGAIN || error.errno == EWOULDBLOCK:
                try wait(for: Int16(POLLIN), on: fd, until: deadline)
            case .failure(let error) where error.errno == ECONNRESET:
                throw ControlError(.connectionClosed(path: path))
            case .failure(let error):
                throw ControlError(.system(operation: "receive from", path: path, errno: error.errno))
            }
        }
    }

    /// Waits until `fd` is ready for `events`, or throws `.timedOut` at the deadline.
    private func wait(for events: Int16, on fd: Int32, until deadline: ContinuousClock.Instant) throws(ControlError) {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw timedOut() }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready: Int32
            do {
                ready = try SystemCall.retrying("poll") { poll(&entry, 1, milliseconds) }
            } catch {
                throw ControlError(.system(operation: "wait for", path: path, errno: error.errno))
            }
            if ready > 0 { return }
        }
    }

    private func timedOut() -> ControlError {
        let (seconds, attoseconds) = timeout.components
        return ControlError(.timedOut(path: path, seconds: Double(seconds) + Double(attoseconds) / 1e18))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemCore
import Loop

/// The daemon's control socket: a Unix stream socket at `path` (mode 0660: the owner and
/// the group, e.g. `gpio`), answering requests through a `ControlHandler`.
///
/// ## Protocol
///
/// One JSON object per line in each direction, UTF-8, `\n` after each. A client may send
/// several requests on one connection; replies come in the same order, one per request.
///
/// ```
/// → {"op":"status"}
/// ← {"ok":true,"inputs":{"switch1":true},"signals":{"all_on":false},"outputs":{"ready_led":false}}
/// → {"op":"sim","action":"set","name":"switch1","value":true}
/// ← {"ok":true}
/// → {"op":"sim","action":"toggle","name":"switch1"}
/// → {"op":"sim","action":"pulse","name":"switch1","ms":50}
/// → {"op":"sim","action":"set","name":"switch2","value":true,"wait":false}
/// ← {"ok":true}
/// → {"op":"launch"}
/// ← {"ok":false,"error":"unknown op 'launch'; ops: status, sim, why, set"}
/// ```
///
/// Malformed JSON, an unknown op or field, or a field of the wrong type gets an
/// `{"ok":false,"error":...}` reply and the connection stays usable. A request longer
/// than `Limits.maxRequestBytes` gets an error reply, then the connection is closed. Blank
/// lines are ignored; a last request without its newline is answered at end of input.
///
/// The handler may answer later (`ControlResponder`: a `sim` request is answered once
/// the engine has the change, unless it says `"wait":false`). Meanwhile the connection's
/// further requests wait unread, other connections are served, and the connection
/// counts as busy, not idle.
///
/// ## Driving it
///
/// The server never blocks and owns no thread: it registers with the daemon's event
/// loop (`start(on:)`) like any other participant, and every call happens on the loop's
/// thread.
///
/// ```swift
/// let server = try ControlServer(path: "/run/gpioagg/control.sock", handler: daemon)
/// server.start(on: loop)
/// ```
public final class ControlServer {
    /// Where the socket is.
    public let path: String
    public let limits: Limits

    private let handler: any ControlHandler
    private var listener: Int32
    /// The socket file this server created, so `close` never removes a successor's.
    private let identity: SocketIdentity
    private var connections: [Int32: ControlConnection] = [:]
    /// Set by `start(on:)`.
    var loop: (any EventLoop)?
    /// What the loop watches for the server: descriptor and events.
    var registered: [Int32: Int16] = [:]
    /// One receive buffer for every connection: requests are handled before the next read.
    private var receiveBuffer: [UInt8]
    /// Counts activity on any connection, so the least recently active one is known.
    private var activityCount: UInt64 = 0

    /// Creates the socket at `path` and listens.
    ///
    /// A socket file left behind by a server that died is replaced; one that somebody
    /// listens on is not (`.alreadyRunning`), nor is anything that is not a socket (a
    /// symbolic link included). The directory must exist, and must not be one that
    /// anyone may write to without the sticky bit. The socket appears at `path` with its
    /// final mode, by a rename from a private directory beside it.
    public init(path: String, handler: any ControlHandler, limits: Limits = Limits()) throws(ControlError) {
        self.path = path
        self.handler = handler
        self.limits = limits
        receiveBuffer = [UInt8](repeating: 0, count: 16 * 1024)
        let socket = try Self.createListener(at: path)
        listener = socket.fd
        identity = socket.identity
    }

    deinit {
        close()
    }

    /// How many clients are connected.
    public var connectionCount: Int { connections.count }

    /// What to poll now: the listening socket for `POLLIN`, each client for `POLLIN`
    /// and, while it has unsent replies, `POLLOUT`. Changes after every `handle` call.
    /// Empty once closed.
    var pollDescriptors: [pollfd] {
        guard listener >= 0 else { return [] }
        var descriptors = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
        for connection in connections.values {
            descriptors.append(pollfd(fd: connection.fd, events: connection.pollEvents, revents: 0))
        }
        return descriptors
    }

    /// Does what `poll` reported for `fd` (one of `pollDescriptors`): accepts clients,
    /// reads and answers requests, sends pending replies. Never blocks. Unknown
    /// descriptors are ignored.
    func handle(_ fd: Int32, revents: Int16) {
        defer { syncRegistrations() }
        if fd == listener, listener >= 0 {
            acceptClients()
            return
        }
        guard let connection = connections[fd] else { return }
        let hangup = revents & Int16(POLLHUP | POLLERR) != 0
        if connection.awaitingReply {
            // Nothing is read while a reply is due; a client gone meanwhile is dropped.
            if hangup { drop(connection) }
            return
        }
        if revents & Int16(POLLOUT) != 0 || (connection.isClosing && hangup) {
            guard send(connection) else { return }
        }
        if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, !connection.isClosing, !connection.endOfInput {
            receive(connection)
        }
    }

    /// Stops listening, closes every client and removes the socket file (if it is still
    /// the one this server created). Safe to call more than once.
    public func close() {
        for connection in Array(connections.values) { drop(connection) }
        guard listener >= 0 else { return }
        unregisterIfNeeded(listener)
        loop = nil
        SystemCall.close(listener)
        listener = -1
        if let status = UnixSocket.fileStatus(path),
           SocketIdentity(device: UInt(status.st_dev), inode: UInt(status.st_ino)) == identity {
            unlink(path)
        }
    }

    // MARK: - Clients

    private func acceptClients() {
        // Bounded, so a flood of connections cannot starve the loop's other work; poll
        // reports the rest next time.
        for _ in 0..<16 {
            let fd: Int32
            do {
                fd = try SystemCall.retrying("accept") { accept(listener, nil, nil) }
            } catch {
                if error.errno == ECONNABORTED { continue }
                // EAGAIN: nobody else waits. EMFILE and the like: the client stays queued and
                // poll reports it again; accepting resumes once descriptors are free.
                return
            }
            // Glibc's Swift overlay lacks accept4, and an accepted socket inherits neither
            // flag; the daemon starts no processes, so there is no exec to race with.
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            let connection = ControlConnection(fd: fd, maxRequestBytes: limits.maxRequestBytes)
            if connections.count >= limits.maxConnections, let idle = leastRecentlyActiveIdleConnection() {
                drop(idle)
            }
            guard connections.count < limits.maxConnections else {
                connection.queue(.failure("too many control connections (\(limits.maxConnections)); try again later"))
                _ = connection.flush()
                SystemCall.close(fd)
                continue
            }
            connections[fd] = connection
            markActive(connection)
            armIdleTimer(connection)
        }
    }

    /// The connection to close for a newcomer: silent (or half-sent) the longest, and
    /// neither waiting for nor in the middle of taking a reply.
    private func leastRecentlyActiveIdleConnection() -> ControlConnection? {
        connections.values.filter { $0.pendingOutputCount == 0 && !$0.awaitingReply }.min { $0.activity < $1.activity }
    }

    private func markActive(_ connection: ControlConnection) {
        activityCount += 1
        connection.activity = activityCount
        connection.lastActiveAt = loop?.now ?? 0
    }

    /// One timer per connection, at its idle deadline; activity in between only moves the
    /// deadline, which the timer finds when it fires and re-arms for.
    private func armIdleTimer(_ connection: ControlConnection) {
        guard let loop else { return }
        let deadline = connection.lastActiveAt &+ limits.idleTimeoutNanoseconds
        connection.idleTimer = loop.schedule(atNanoseconds: deadline) { [weak self, weak connection] in
            guard let self, let connection, connections[connection.fd] === connection else { return }
            if connection.awaitingReply {
                // Waiting for the daemon is not idling.
                connection.lastActiveAt = self.loop?.now ?? connection.lastActiveAt
                armIdleTimer(connection)
            } else if let loop = self.loop, loop.now < connection.lastActiveAt &+ limits.idleTimeoutNanoseconds {
                armIdleTimer(connection)
            } else {
                drop(connection)
                syncRegistrations()
            }
        }
    }

    /// Reads once (poll is level-triggered: more data means another call) and answers
    /// the complete requests.
    private func receive(_ connection: ControlConnection) {
        let received = receiveBuffer.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemCallError) in
                try SystemCall.retrying("recv") { recv(connection.fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT)) }
            }
        }
        switch received {
        case .success(0):
            // End of input: the client may have only shut down its sending side and still
            // wait for the replies, so answer a last unterminated request and finish sending.
            connection.endOfInput = true
        case .success(let count):
            connection.input.append(receiveBuffer[0..<count])
        case .failure(let error):
            if error.errno != EAGAIN && error.errno != EWOULDBLOCK { drop(connection) }
            return
        }
        answerBufferedRequests(connection)
        _ = send(connection)
    }

    /// Answers the connection's complete requests in order, until one waits for its
    /// reply; at end of input, the last one without its newline too, then closes.
    private func answerBufferedRequests(_ connection: ControlConnection) {
        connection.answering = true
        defer { connection.answering = false }
        while !connection.awaitingReply, !connection.isClosing {
            switch connection.input.nextLine() {
            case .line(let line):
                answer(line, on: connection)
            case .overflow:
                connection.queue(.failure("request too long: more than \(limits.maxRequestBytes) bytes "
                    + "without a newline; the connection is closed"))
                connection.isClosing = true
            case .none:
                guard connection.endOfInput else { return }
                let last = connection.input.takeRemainder()
                if last.isEmpty {
                    connection.isClosing = true
                } else {
                    answer(last, on: connection)
                }
            }
        }
    }

    private func answer(_ line: [UInt8], on connection: ControlConnection) {
        var line = line[...]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        guard line.contains(where: { ![0x20, 0x09].contains($0) }) else { return }
        markActive(connection)
        let request: ControlRequest
        do {
            request = try ControlRequest(decoding: Array(line))
        } catch {
            connection.queue(.failure(error.message))
            return
        }
        connection.awaitingReply = true
        let responder = ControlResponder { [weak self, weak connection] reply in
            guard let self, let connection, connections[connection.fd] === connection else { return }
            connection.awaitingReply = false
            connection.queue(reply)
            markActive(connection)
            // A reply given later resumes the requests queued behind it.
            guard !connection.answering else { return }
            answerBufferedRequests(connection)
            _ = send(connection)
            syncRegistrations()
        }
        handler.handle(request, responder: responder)
    }

    /// Sends pending replies; drops the client if the connection failed, if it left too
    /// many replies unread behind the one being sent, or once a closing connection is done. Returns whether it is still open.
    @discardableResult
    private func send(_ connection: ControlConnection) -> Bool {
        let pendingBefore = connection.pendingOutputCount
        let result = connection.flush()
        if connection.pendingOutputCount < pendingBefore { markActive(connection) }
        switch result {
        case .failed:
            drop(connection)
            return false
        case .pending where connection.unreadBeyondCurrentReply > limits.maxUnreadReplyBytes:
            drop(connection)
            return false
        case .drained where connection.isClosing:
            drop(connection)
            return false
        case .pending, .drained:
            return true
        }
    }

    private func drop(_ connection: ControlConnection) {
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        connection.idleTimer?.cancel()
        // Unregistered before the close, so a loop never holds a descriptor number that
        // the next accept may reuse for someone else.
        unregisterIfNeeded(connection.fd)
        SystemCall.close(connection.fd)
    }
}

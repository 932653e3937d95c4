#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation

/// A broker that speaks MQTT 3.1.1 only, made of a real mosquitto behind a gate: the
/// gate listens on a loopback port of its own and reads each client's CONNECT. An MQTT
/// 5 CONNECT (protocol level 5) gets what a 3.1.1 broker answers (MQTT 3.1.1 section
/// 3.2.2.3): CONNACK with return code 1, "unacceptable protocol version", then the
/// connection is closed. Any other CONNECT is passed on to mosquitto whole, and from
/// then on the gate copies bytes both ways. mosquitto 2.0 accepts MQTT 5 from every
/// client and cannot be told not to, so this is how the client's fallback meets a
/// broker.
public final class ProtocolGate: @unchecked Sendable {
    public let port: UInt16
    private let target: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var refused = 0
    private var passed = 0
    private var closed = false
    private var connections: Set<Int32> = []

    /// A gate in front of mosquitto on 127.0.0.1:`target`.
    public init(target: UInt16) throws {
        self.target = target
        guard let (fd, port) = Loopback.bound(port: 0) else {
            throw ToolFailure("the gate has no port: \(String(cString: strerror(errno)))")
        }
        guard listen(fd, 16) == 0 else {
            close(fd)
            throw ToolFailure("the gate cannot listen on \(port): \(String(cString: strerror(errno)))")
        }
        listener = fd
        self.port = port
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    public var url: String { "mqtt://127.0.0.1:\(port)" }

    /// MQTT 5 CONNECTs refused so far.
    public var refusedConnects: Int { lock.withLock { refused } }

    /// Other CONNECTs passed on to the broker so far.
    public var passedConnects: Int { lock.withLock { passed } }

    /// Closes the listener and every connection through the gate.
    public func stop() {
        let open: Set<Int32> = lock.withLock {
            guard !closed else { return [] }
            closed = true
            return connections
        }
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                break
            }
            // Children the tests start inherit nothing anyway (`ChildProcess`).
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            guard track(client) else { break }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
        close(listener)
    }

    /// Remembers `fd` to shut down at `stop()`; false (and closes it) once stopped.
    private func track(_ fd: Int32) -> Bool {
        let open = lock.withLock { () -> Bool in
            guard !closed else { return false }
            connections.insert(fd)
            return true
        }
        if !open { close(fd) }
        return open
    }

    private func forget(_ fd: Int32) {
        lock.withLock { _ = connections.remove(fd) }
        close(fd)
    }

    private func serve(_ client: Int32) {
        defer { forget(client) }
        // The fixed header, the remaining length, the protocol name ("MQTT", with its
        // two-byte length) and the protocol level.
        var head: [UInt8] = []
        guard readExactly(client, 1, into: &head), head[0] == 0x10 else { return }
        while true {
            guard readExactly(client, 1, into: &head) else { return }
            if head.last! & 0x80 == 0 || head.count >= 5 { break }
        }
        guard readExactly(client, 7, into: &head) else { return }
        let level = head[head.count - 1]
        if level == 5 {
            lock.withLock { refused += 1 }
            let refusal: [UInt8] = [0x20, 0x02, 0x00, 0x01]
            _ = refusal.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            return
        }
        lock.withLock { passed += 1 }
        guard let broker = Loopback.connected(port: target), track(broker) else { return }
        defer { forget(broker) }
        guard writeAll(broker, head) else { return }
        // Each direction ends when its source closes, and shuts the other down: both
        // end, and only then are the descriptors closed.
        let backDone = DispatchSemaphore(value: 0)
        let back = Thread {
            Self.copy(from: broker, to: client)
            shutdown(client, Int32(SHUT_RDWR))
            backDone.signal()
        }
        back.start()
        Self.copy(from: client, to: broker)
        shutdown(broker, Int32(SHUT_RDWR))
        backDone.wait()
    }

    private func readExactly(_ fd: Int32, _ count: Int, into bytes: inout [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = buffer[got...].withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            got += n
        }
        bytes += buffer
        return true
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    private static func copy(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            var sent = 0
            while sent < n {
                let m = buffer[sent..<n].withUnsafeBytes { send(destination, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if m < 0, errno == EINTR { continue }
                guard m > 0 else { return }
                sent += m
            }
        }
    }
}

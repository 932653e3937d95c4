import Foundation

/// A listening socket with no server behind it, that can accept one client and answer
/// it with whatever a test likes (or nothing at all).
final class RawListener: @unchecked Sendable {
    let fd: Int32
    private let path: String

    /// What the one client sent, once it has been read.
    final class Received: @unchecked Sendable {
        private let condition = NSCondition()
        private var text: String?

        func set(_ value: String) {
            condition.withLock { text = value; condition.broadcast() }
        }

        var value: String? {
            condition.withLock {
                let deadline = Date().addingTimeInterval(10)
                while text == nil, condition.wait(until: deadline) {}
                return text
            }
        }
    }

    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(fd, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// On a thread: accepts one client, reads its first line, sends `answer(line)`
    /// (nil: nothing) and closes.
    @discardableResult
    func serveOnce(_ answer: @escaping @Sendable (String) -> String?) -> Received {
        let received = Received()
        let fd = self.fd
        Thread {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            defer { close(client) }
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while recv(client, &byte, 1, 0) == 1 {
                bytes.append(byte)
                if byte == UInt8(ascii: "\n") { break }
            }
            let line = String(decoding: bytes, as: UTF8.self)
            if let reply = answer(line) {
                let data = Array(reply.utf8)
                var offset = 0
                while offset < data.count {
                    let sent = data[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if sent <= 0 { break }
                    offset += sent
                }
            }
            received.set(line)
        }.start()
        return received
    }
}

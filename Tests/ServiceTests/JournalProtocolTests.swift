#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
@testable import Service
import Testing

/// The journal's native protocol, checked by listening in journald's place.
@Suite("Journal entries on the wire")
struct JournalProtocolTests {
    /// A datagram socket bound at a fresh path.
    final class Listener {
        let path: String
        let fd: Int32

        init() throws {
            path = NSTemporaryDirectory() + "gpioagg-journal-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            try #require(bound == 0)
        }

        deinit {
            close(fd)
            unlink(path)
        }

        /// One datagram, without waiting.
        func receive() -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            return count < 0 ? nil : Array(buffer[..<count])
        }
    }

    /// Decodes an entry: `KEY=value\n`, or `KEY\n` + 64-bit little-endian length +
    /// value + `\n`.
    static func decode(_ bytes: [UInt8]) throws -> [(String, String)] {
        var fields: [(String, String)] = []
        var index = 0
        while index < bytes.count {
            let lineEnd = try #require(bytes[index...].firstIndex(of: UInt8(ascii: "\n")))
            let line = bytes[index..<lineEnd]
            if let equals = line.firstIndex(of: UInt8(ascii: "=")) {
                fields.append((String(decoding: line[..<equals], as: UTF8.self),
                               String(decoding: line[(equals + 1)...], as: UTF8.self)))
                index = lineEnd + 1
            } else {
                let key = String(decoding: line, as: UTF8.self)
                var length = 0
                for byte in 0..<8 { length |= Int(bytes[lineEnd + 1 + byte]) << (8 * byte) }
                let start = lineEnd + 9
                fields.append((key, String(decoding: bytes[start..<(start + length)], as: UTF8.self)))
                #expect(bytes[start + length] == UInt8(ascii: "\n"))
                index = start + length + 1
            }
        }
        return fields
    }

    @Test("one datagram per entry: plain fields as KEY=value, a value with newlines with its length")
    func wireFormat() throws {
        let listener = try Listener()
        let sent = ServiceLogHandler.sendToJournal(
            ["MESSAGE=error: x.yaml:7:3: bad\nhint: fix it", "PRIORITY=3", "GPIO_NAME=ready_led", "EMPTY="],
            socket: listener.path)
        #expect(sent == 0)
        let entry = try Self.decode(try #require(listener.receive()))
        #expect(entry.map(\.0) == ["MESSAGE", "PRIORITY", "GPIO_NAME", "EMPTY"])
        #expect(entry.map(\.1) == ["error: x.yaml:7:3: bad\nhint: fix it", "3", "ready_led", ""])
        #expect(listener.receive() == nil, "one datagram")
    }

    @Test("no listener: an error the handler falls back on, never a wait")
    func noListener() {
        let sent = ServiceLogHandler.sendToJournal(["MESSAGE=x"], socket: "/nonexistent/journal.sock")
        #expect(sent < 0)
    }

    @Test("a field without a name is refused")
    func fieldWithoutName() throws {
        let listener = try Listener()
        #expect(ServiceLogHandler.sendToJournal(["=value"], socket: listener.path) == -EINVAL)
        #expect(ServiceLogHandler.sendToJournal(["NOVALUE"], socket: listener.path) == -EINVAL)
    }
}

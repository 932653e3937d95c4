#if canImport(Glibc)
import Glibc
#endif
import JSON
import SystemCore

/// A client of `GET /api/events` over a real TCP socket, as the page's `fetch()` reads
/// it: the request sent, the head read, then the chunked body taken apart into
/// Server-Sent Events, each read on a thread of its own (the socket blocks), never on
/// the test's.
final class EventStreamClient: @unchecked Sendable {
    struct Event: Sendable, Equatable {
        var name: String
        var data: String

        var json: JSONValue? { try? JSONValue(parsing: Array(data.utf8)) }
    }

    let descriptor: Int32
    /// Bytes read and not yet taken apart. Touched by one reading thread at a time.
    private var pending: [UInt8] = []
    private(set) var head = ""
    /// Whether `next()` returns comments (`: keep-alive`) too, as events named `:`.
    var includesComments = false

    /// Connects; `receiveBuffer` shrinks the socket's receive buffer (a client that reads
    /// nothing then lets the server's writes wait sooner).
    /// `version`: the request's HTTP version ("1.0": the stream comes unframed).
    init(port: Int, token: String? = nil, receiveBuffer: Int32? = nil, version: String = "1.1") throws {
        guard let descriptor = HTTPExchange.connect(port: port, receiveBuffer: receiveBuffer) else {
            throw HTTPExchange.Failure(description: "cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        var request = "GET /api/events HTTP/\(version)\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n"
        if let token { request += "Authorization: Bearer \(token)\r\n" }
        let bytes = Array((request + "\r\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    deinit { close(descriptor) }

    /// The next event (a comment such as `: keep-alive` is skipped); nil once the server
    /// closed the stream.
    func next() async -> Event? {
        await withCheckedContinuation { continuation in
            do {
                try SystemThread.start(name: "event-stream") { continuation.resume(returning: self.readEvent()) }
            } catch {
                continuation.resume(returning: nil)
            }
        }
    }

    /// Events until one named `name`, which it returns; nil if the stream ends first.
    func next(named name: String) async -> Event? {
        while let event = await next() {
            if event.name == name { return event }
        }
        return nil
    }

    /// Whether the server closed the stream: reads (and drops) events until the end.
    func readsToEnd() async -> Bool {
        while await next() != nil {}
        return true
    }

    private func readEvent() -> Event? {
        if head.isEmpty {
            guard let end = readUntil(Array("\r\n\r\n".utf8)) else { return nil }
            head = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeFirst(end + 4)
            // A refusal is an ordinary response: its body is the whole of it.
            guard head.hasPrefix("HTTP/1.1 200") || head.hasPrefix("HTTP/1.0 200") else { return nil }
        }
        let chunked = head.lowercased().contains("transfer-encoding: chunked")
        var body: [UInt8] = []
        while true {
            if chunked {
                // One chunk: its size in hex, CRLF, the bytes, CRLF.
                guard let lineEnd = readUntil([13, 10]),
                      let size = Int(String(decoding: pending[..<lineEnd], as: UTF8.self), radix: 16) else { return nil }
                pending.removeFirst(lineEnd + 2)
                guard size > 0, fill(size + 2) else { return nil }
                body += pending[..<size]
                pending.removeFirst(size + 2)
            } else {
                // Unframed: the bytes up to the end of the next event.
                guard let end = readUntil([10, 10]) else { return nil }
                body += pending[..<(end + 2)]
                pending.removeFirst(end + 2)
            }
            let text = String(decoding: body, as: UTF8.self)
            guard text.hasSuffix("\n\n") else { continue }
            var name = "", data = ""
            for line in text.split(separator: "\n") {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
            }
            if name.isEmpty && data.isEmpty {
                if includesComments, text.hasPrefix(":") { return Event(name: ":", data: String(String(text.dropFirst()).trimmingSpaces.dropLast(2))) }
                body = []
                continue
            }
            return Event(name: name, data: data)
        }
    }

    /// Reads until `pending` holds `needle`; its offset, or nil at the end.
    private func readUntil(_ needle: [UInt8]) -> Int? {
        var from = 0
        while true {
            if pending.count >= needle.count {
                for index in from...(pending.count - needle.count) where Array(pending[index..<index + needle.count]) == needle {
                    return index
                }
                from = pending.count - needle.count + 1
            }
            guard readMore() else { return nil }
        }
    }

    private func fill(_ count: Int) -> Bool {
        while pending.count < count {
            guard readMore() else { return false }
        }
        return true
    }

    private func readMore() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        pending += buffer.prefix(count)
        return true
    }
}

#if canImport(Glibc)
import Glibc
#endif
import SystemCore

/// One HTTP/1.1 exchange over a real TCP socket, as a browser or curl would have it:
/// the request written whole (with `Connection: close`), the response read to its end.
/// The blocking socket calls run on a thread of their own, never on the test's.
struct HTTPExchange: Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: [(String, String)]
        var body: String

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int

    func get(_ path: String, headers: [(String, String)] = []) async throws -> Response {
        try await send(raw(method: "GET", path: path, headers: headers, body: []))
    }

    func post(_ path: String, body: String, headers: [(String, String)] = []) async throws -> Response {
        try await send(raw(method: "POST", path: path, headers: headers + [("Content-Type", "application/json")],
                           body: Array(body.utf8)))
    }

    func raw(method: String, path: String, headers: [(String, String)], body: [UInt8]) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    /// Writes `bytes` and reads the response until the server closes.
    func send(_ bytes: [UInt8]) async throws -> Response {
        let port = port
        let result: Result<[UInt8], Failure> = await withCheckedContinuation { continuation in
            do {
                try SystemThread.start(name: "http-exchange") {
                    continuation.resume(returning: Self.exchange(bytes, port: port))
                }
            } catch {
                continuation.resume(returning: .failure(Failure(description: "no thread: \(error)")))
            }
        }
        return try Self.parse(try result.get())
    }

    /// A connection to the server, held open by the caller (closed with `close`);
    /// `receiveBuffer` shrinks the socket's receive buffer (a client that reads nothing
    /// then lets the server's writes wait sooner).
    static func connect(port: Int, receiveBuffer: Int32? = nil) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        // Generous: under a sanitizer, with the whole suite running on two cores, an
        // answer can take many seconds. The tests of a server that closes say so by the
        // end of stream, never by this timeout.
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    private static func exchange(_ bytes: [UInt8], port: Int) -> Result<[UInt8], Failure> {
        guard let descriptor = connect(port: port) else {
            return .failure(Failure(description: "cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))"))
        }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            written += count
        }
        return .success(readToEnd(descriptor))
    }

    /// What the server sends until it closes (or 10 s pass with nothing).
    static func readToEnd(_ descriptor: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer.prefix(count)
        }
        return received
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else {
            throw Failure(description: "no complete response: \(text.debugDescription)")
        }
        let lines = text[..<split.lowerBound].split(separator: "\r\n").map(String.init)
        guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1.1 "),
              let status = Int(statusLine.dropFirst(9).prefix(3)) else {
            throw Failure(description: "no status line: \(text.debugDescription)")
        }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingSpaces)
        }
        var body = String(text[split.upperBound...])
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1 == "chunked" }) {
            body = dechunked(body)
        }
        return Response(status: status, headers: headers, body: body)
    }

    private static func dechunked(_ text: String) -> String {
        var rest = Substring(text)
        var body = ""
        while let lineEnd = rest.range(of: "\r\n"), let size = Int(rest[..<lineEnd.lowerBound], radix: 16), size > 0 {
            let start = lineEnd.upperBound
            let end = rest.utf8.index(start, offsetBy: size)
            body += rest[start..<end]
            rest = rest[end...]
            // "\r\n" is one Character.
            if rest.hasPrefix("\r\n") { rest = rest.dropFirst() }
        }
        return body
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    func range(of needle: String) -> Range<String.Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(needle) { return index..<self.index(index, offsetBy: needle.count) }
            index = self.index(after: index)
        }
        return nil
    }
}

extension Substring {
    func range(of needle: String) -> Range<String.Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(needle) { return index..<self.index(index, offsetBy: needle.count) }
            index = self.index(after: index)
        }
        return nil
    }
}

/// Runs blocking socket work on a thread of its own and hands its result back.
enum SystemThreadStart {
    static func run<Result>(_ body: @escaping () -> Result, done: @escaping (Result) -> Void) throws {
        try SystemThread.start(name: "web-test") { done(body()) }
    }
}

/// Where the web server listens, as `listen:` writes it: an IPv4 address and a port
/// (`127.0.0.1:8080`, `0.0.0.0:8080`), an IPv6 address in brackets and a port
/// (`[::1]:8080`, `[::]:8080`), `localhost:8080`, or a unix socket (`unix:/run/gpioagg/web.sock`).
///
/// ```swift
/// try WebListenAddress(parsing: "127.0.0.1:8080")     // .tcp(host: "127.0.0.1", port: 8080)
/// try WebListenAddress(parsing: "[::]:8080").isLocal  // false: every interface
/// ```
public enum WebListenAddress: Hashable, Sendable, CustomStringConvertible {
    /// An IP address (IPv6 without its brackets) or `localhost`, and a port.
    case tcp(host: String, port: Int)
    /// A unix stream socket's path.
    case unix(path: String)

    /// Why a `listen:` text is not an address, with the fix.
    public struct ParseError: Error, Hashable, Sendable {
        public var message: String
        public var hint: String
    }

    static let forms = "write listen: 127.0.0.1:8080, listen: \"[::]:8080\" or listen: unix:/run/gpioagg/web.sock"

    public init(parsing text: String) throws(ParseError) {
        if text.hasPrefix("unix:") {
            let path = String(text.dropFirst(5))
            guard path.hasPrefix("/") else {
                throw ParseError(message: "the unix socket's path '\(path)' is not absolute", hint: "write listen: unix:/run/gpioagg/web.sock")
            }
            // sockaddr_un holds 108 bytes with the terminating zero.
            guard path.utf8.count <= 107 else {
                throw ParseError(message: "the unix socket's path is longer than 107 bytes", hint: "choose a shorter path, e.g. unix:/run/gpioagg/web.sock")
            }
            self = .unix(path: path)
            return
        }
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw ParseError(message: "'\(text)' opens an IPv6 address with [ but does not close it", hint: Self.forms)
            }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else {
                throw ParseError(message: "'\(text)' has no port after the address", hint: Self.forms)
            }
            portText = rest.dropFirst()
            guard Self.isIPv6(host) else {
                throw ParseError(message: "'\(host)' is not an IPv6 address", hint: Self.forms)
            }
        } else {
            guard let colon = text.lastIndex(of: ":") else {
                throw ParseError(message: "'\(text)' has no port", hint: Self.forms)
            }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            guard host == "localhost" || Self.isIPv4(host) else {
                throw ParseError(message: "'\(host)' is not an IPv4 address",
                                 hint: "give an address, not a host name (localhost is the one taken); an IPv6 address goes in brackets: \"[::1]:8080\"")
            }
        }
        guard let port = Int(portText), (1...65535).contains(port), portText.allSatisfy(\.isASCII) else {
            throw ParseError(message: "the port '\(portText)' is not a number from 1 to 65535", hint: Self.forms)
        }
        self = .tcp(host: String(host), port: port)
    }

    /// Whether only this machine can connect: a unix socket, `localhost`, 127.0.0.0/8 or
    /// `::1`. Any other address needs `token_file:`.
    public var isLocal: Bool {
        switch self {
        case .unix:
            return true
        case .tcp(let host, _):
            return host == "localhost" || host.hasPrefix("127.") || host == "::1"
                || host == "0:0:0:0:0:0:0:1"
        }
    }

    /// As `listen:` writes it.
    public var description: String {
        switch self {
        case .unix(let path): "unix:" + path
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        }
    }

    private static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
                && Int(part).map { $0 <= 255 } == true
        }
    }

    private static func isIPv6(_ text: Substring) -> Bool {
        guard !text.isEmpty, text.count <= 45, text.contains(":") else { return false }
        return text.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
}

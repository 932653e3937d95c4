#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where the broker is: `mqtt://host[:port]` (1883 by default) or `mqtts://host[:port]`
/// (TLS, 8883 by default). The host is a DNS name, an IPv4 address or an IPv6 address
/// in brackets. Nothing else is accepted: no path, no query, and no user or password in
/// the URL (they would end up in logs; the config has keys of their own for them).
///
/// ```swift
/// let broker = try BrokerURL(parsing: "mqtts://broker.lan")   // broker.lan, port 8883, TLS
/// let local = try BrokerURL(parsing: "mqtt://[::1]:1884")
/// ```
///
/// A refusal says where in the text it is (`BrokerURLError.offset`), so that the
/// config's checker names the file, line and column of the fault itself.
public struct BrokerURL: Hashable, Sendable, CustomStringConvertible {
    public enum Scheme: String, Hashable, Sendable {
        case mqtt, mqtts

        public var defaultPort: UInt16 { self == .mqtt ? 1883 : 8883 }
    }

    public let scheme: Scheme
    /// The host name or address, without brackets.
    public let host: String
    public let port: UInt16

    public init(scheme: Scheme, host: String, port: UInt16? = nil) {
        self.scheme = scheme
        self.host = host
        self.port = port ?? scheme.defaultPort
    }

    public var usesTLS: Bool { scheme == .mqtts }

    /// Whether `host` is an address rather than a name (no DNS look-up is needed).
    public var hostIsAddress: Bool { BrokerURL.isIPv4(host) || BrokerURL.isIPv6(host) }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return port == scheme.defaultPort ? "\(scheme.rawValue)://\(shownHost)" : "\(scheme.rawValue)://\(shownHost):\(port)"
    }

    public init(parsing text: String) throws(BrokerURLError) {
        let scalars = Array(text.unicodeScalars)
        guard let separator = BrokerURL.find("://", in: scalars) else {
            throw BrokerURLError(offset: 0, message: "'\(text)' is not a broker URL",
                                 hint: "write mqtt://HOST[:PORT] or mqtts://HOST[:PORT] (TLS)")
        }
        let schemeText = String(String.UnicodeScalarView(scalars[0..<separator])).lowercased()
        guard let scheme = Scheme(rawValue: schemeText) else {
            throw BrokerURLError(offset: 0, message: "unknown scheme '\(String(String.UnicodeScalarView(scalars[0..<separator])))'",
                                 hint: "use mqtt:// (port 1883) or mqtts:// (TLS, port 8883)")
        }
        var index = separator + 3
        let authorityStart = index
        while index < scalars.count, !"/?#".unicodeScalars.contains(scalars[index]) { index += 1 }
        let authority = Array(scalars[authorityStart..<index])
        if index < scalars.count {
            let rest = String(String.UnicodeScalarView(scalars[index...]))
            if rest != "/" {
                throw BrokerURLError(offset: index, message: "a broker URL has no path, query or fragment ('\(rest)')",
                                     hint: "remove '\(rest)'; topics are set with their own keys")
            }
        }
        if let at = authority.lastIndex(of: "@") {
            throw BrokerURLError(offset: authorityStart, message: "a broker URL carries no user name or password",
                                 hint: "remove '\(String(String.UnicodeScalarView(authority[...at])))' and use the "
                                     + "username and password_file keys")
        }
        if authority.first != "[", authority.filter({ $0 == ":" }).count > 1 {
            throw BrokerURLError(offset: authorityStart, message: "an IPv6 address goes in brackets",
                                 hint: "write \(scheme.rawValue)://[ADDRESS] or \(scheme.rawValue)://[ADDRESS]:PORT")
        }
        let (host, hostEnd) = try BrokerURL.host(in: authority, start: authorityStart)
        var port: UInt16?
        if hostEnd < authority.count {
            guard authority[hostEnd] == ":" else {
                throw BrokerURLError(offset: authorityStart + hostEnd, message: "unexpected '\(authority[hostEnd])' after the host",
                                     hint: "write HOST:PORT")
            }
            let digits = authority[(hostEnd + 1)...]
            let portOffset = authorityStart + hostEnd + 1
            guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ ("0"..."9").contains($0) }),
                  let value = Int(String(String.UnicodeScalarView(digits))), (1...65535).contains(value) else {
                throw BrokerURLError(offset: portOffset,
                                     message: "'\(String(String.UnicodeScalarView(digits)))' is not a port",
                                     hint: "a port is a number from 1 to 65535; without one, \(scheme.rawValue):// "
                                         + "uses \(scheme.defaultPort)")
            }
            port = UInt16(value)
        }
        self.init(scheme: scheme, host: host, port: port)
    }

    /// The host at the start of `authority`, and where it ends.
    private static func host(in authority: [Unicode.Scalar], start: Int) throws(BrokerURLError) -> (String, Int) {
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else {
                throw BrokerURLError(offset: start, message: "an IPv6 address in brackets lacks its ']'",
                                     hint: "write mqtt://[ADDRESS]:PORT")
            }
            let address = String(String.UnicodeScalarView(authority[1..<close]))
            guard isIPv6(address) else {
                throw BrokerURLError(offset: start + 1, message: "'\(address)' is not an IPv6 address",
                                     hint: "brackets hold an IPv6 address such as [fd00::2]")
            }
            return (address, close + 1)
        }
        var end = 0
        while end < authority.count, authority[end] != ":" { end += 1 }
        let host = String(String.UnicodeScalarView(authority[0..<end]))
        guard !host.isEmpty else {
            throw BrokerURLError(offset: start, message: "the broker URL names no host",
                                 hint: "write mqtt://HOST[:PORT], e.g. mqtt://broker.lan")
        }
        if isIPv4(host) { return (host, end) }
        if let problem = hostNameProblem(host) {
            throw BrokerURLError(offset: start + problem.offset, message: "'\(host)' is not a host name: \(problem.reason)",
                                 hint: "a host name is letters, digits, '-' and '.'; an IPv6 address goes in brackets")
        }
        return (host.lowercased(), end)
    }

    private static func hostNameProblem(_ host: String) -> (offset: Int, reason: String)? {
        var scalars = Array(host.unicodeScalars)
        guard scalars.count <= 253 else { return (0, "longer than 253 characters") }
        if scalars.count > 1, scalars.last == "." { scalars.removeLast() }   // a fully qualified name
        var labelStart = 0
        for index in 0...scalars.count {
            guard index < scalars.count, scalars[index] != "." else {
                let length = index - labelStart
                if length == 0 { return (index, "an empty label") }
                if length > 63 { return (labelStart, "a label longer than 63 characters") }
                if scalars[labelStart] == "-" { return (labelStart, "a label starts with '-'") }
                if scalars[index - 1] == "-" { return (index - 1, "a label ends with '-'") }
                labelStart = index + 1
                continue
            }
            let scalar = scalars[index]
            let allowed = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
            if !allowed { return (index, "'\(scalar)' is not allowed") }
        }
        return nil
    }

    package static func isIPv4(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1
    }

    package static func isIPv6(_ text: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    private static func find(_ needle: String, in scalars: [Unicode.Scalar]) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        guard scalars.count >= pattern.count else { return nil }
        for start in 0...(scalars.count - pattern.count) where Array(scalars[start..<start + pattern.count]) == pattern {
            return start
        }
        return nil
    }
}

/// Why a text is not a broker URL: `offset` is where (in characters from the start of
/// the text), `message` what is wrong, `hint` what to write instead.
public struct BrokerURLError: Error, Hashable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let message: String
    public let hint: String

    public var description: String { "\(message)\nhint: \(hint)" }
}

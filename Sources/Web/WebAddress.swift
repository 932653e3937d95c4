/// Where the web server listens: an IP address and a port, or a unix socket.
///
/// The daemon makes it from the config's `listen:`; a test listens on port 0 and asks
/// the server which port it was given (`WebServer.boundAddress`).
///
/// ```swift
/// WebAddress.tcp(host: "127.0.0.1", port: 8080).description   // 127.0.0.1:8080
/// WebAddress.unix(path: "/run/gpioagg/web.sock").description  // unix:/run/gpioagg/web.sock
/// ```
public enum WebAddress: Hashable, Sendable, CustomStringConvertible {
    case tcp(host: String, port: Int)
    case unix(path: String)

    /// As `listen:` writes it: an IPv6 address in brackets.
    public var description: String {
        switch self {
        case .unix(let path): "unix:" + path
        case .tcp(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import NIOCore

/// Why a web server did not start, worded for the log:
/// `web: cannot listen on 127.0.0.1:8080: the address is in use`.
public struct WebServerError: Error, Hashable, Sendable, CustomStringConvertible {
    public var address: WebAddress
    public var reason: String

    public init(address: WebAddress, reason: String) {
        self.address = address
        self.reason = reason
    }

    /// What `error` means when binding `address`.
    init(address: WebAddress, binding error: any Error) {
        self.address = address
        if let io = error as? IOError {
            switch io.errnoCode {
            case EADDRINUSE: reason = "the address is in use"
            case EADDRNOTAVAIL: reason = "no interface of this machine has that address"
            case EACCES, EPERM:
                reason = if case .unix = address {
                    "permission denied (the socket's directory must be writable by gpioagg)"
                } else {
                    "permission denied (a port below 1024 needs CAP_NET_BIND_SERVICE)"
                }
            case ENOENT: reason = "the socket's directory does not exist"
            default: reason = String(cString: strerror(io.errnoCode)).lowercased()
            }
        } else {
            reason = "\(error)"
        }
    }

    public var description: String { "web: cannot listen on \(address): \(reason)" }
}

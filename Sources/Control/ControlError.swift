#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemCore

/// An error of the control socket, worded for the person who has to fix it: `message`
/// says what went wrong, `hint` (possibly empty) what to do about it.
///
/// A struct around a private code enum, so that kinds can be added without breaking
/// callers; match on `kind` when the difference matters.
///
/// ```swift
/// do {
///     let reply = try ControlClient(path: path).send(.status)
/// } catch {
///     print("error: \(error.message)")
///     if error.kind == .notRunning { ... }
/// }
/// ```
public struct ControlError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// Nothing listens at the path: no socket file, or a stale one.
        case notRunning
        /// The socket or its directory may not be used by this user.
        case permissionDenied
        /// Another server already listens at the path.
        case alreadyRunning
        /// The path cannot hold a control socket (too long, not a socket, no directory).
        case invalidPath
        /// A request that is not valid JSON or not a request of the protocol.
        case invalidRequest
        /// A reply that is not valid JSON or not a reply of the protocol.
        case invalidReply
        /// No reply within the client's time-out.
        case timedOut
        /// The server closed the connection before replying.
        case connectionClosed
        /// Any other failing system call.
        case system
    }

    enum Code: Hashable, Sendable {
        case noSocket(path: String)
        case nobodyListening(path: String)
        case permissionDenied(path: String, operation: String)
        /// `pid` 0: the kernel did not say who listens.
        case alreadyRunning(path: String, pid: Int32)
        case notASocket(path: String)
        case pathTooLong(path: String, limit: Int)
        case noDirectory(path: String, directory: String)
        case unsafeDirectory(path: String, directory: String)
        case symbolicLink(path: String)
        case foreignSocket(path: String, owner: UInt32)
        case untrustedServer(path: String, uid: UInt32)
        case invalidRequest(String)
        case invalidReply(String)
        case timedOut(path: String, seconds: Double)
        case connectionClosed(path: String)
        case system(operation: String, path: String, errno: Int32)
    }

    let code: Code

    init(_ code: Code) { self.code = code }

    public var kind: Kind {
        switch code {
        case .noSocket, .nobodyListening: return .notRunning
        case .permissionDenied, .foreignSocket, .untrustedServer: return .permissionDenied
        case .alreadyRunning: return .alreadyRunning
        case .notASocket, .pathTooLong, .noDirectory, .unsafeDirectory, .symbolicLink: return .invalidPath
        case .invalidRequest: return .invalidRequest
        case .invalidReply: return .invalidReply
        case .timedOut: return .timedOut
        case .connectionClosed: return .connectionClosed
        case .system: return .system
        }
    }

    /// A request the protocol does not accept; `reason` is what the reply tells the client.
    public static func invalidRequest(_ reason: String) -> ControlError {
        ControlError(.invalidRequest(reason))
    }

    /// A reply the protocol does not allow.
    public static func invalidReply(_ reason: String) -> ControlError {
        ControlError(.invalidReply(reason))
    }

    /// One line saying what went wrong.
    public var message: String {
        switch code {
        case .noSocket(let path):
            return "gpioagg is not running (no control socket at \(path))"
        case .nobodyListening(let path):
            return "gpioagg is not running (nothing listens on the control socket at \(path))"
        case .permissionDenied(let path, let operation):
            return "permission denied: cannot \(operation) the control socket at \(path)"
        case .alreadyRunning(let path, let pid):
            return "another gpioagg\(pid > 0 ? " (pid \(pid))" : "") is already running: it listens on the control socket at \(path)"
        case .notASocket(let path):
            return "\(path) exists and is not a socket, so it cannot be the control socket"
        case .pathTooLong(let path, let limit):
            return "the control socket path \(path) is \(path.utf8.count) bytes long; at most \(limit) fit"
        case .noDirectory(_, let directory):
            return "cannot create the control socket: the directory \(directory) does not exist"
        case .unsafeDirectory(_, let directory):
            return "refusing to create the control socket in \(directory): anyone may write to it and it has "
                + "no sticky bit, so another user could replace the socket"
        case .symbolicLink(let path):
            return "\(path) is a symbolic link; the control socket is never created through one"
        case .foreignSocket(let path, let owner):
            return "\(path) is a socket owned by another user (uid \(owner)), so it is not this daemon's to replace"
        case .untrustedServer(let path, let uid):
            return "refusing the control socket at \(path): the process listening on it runs as uid \(uid), "
                + "which is neither root, you, nor the owner of \(ControlClient.systemDirectory)"
        case .invalidRequest(let reason):
            return reason
        case .invalidReply(let reason):
            return "unexpected reply from gpioagg: \(reason)"
        case .timedOut(let path, let seconds):
            return "gpioagg did not reply within \(Self.secondsText(seconds)) s (control socket \(path))"
        case .connectionClosed(let path):
            return "gpioagg closed the control connection without replying (control socket \(path))"
        case .system(let operation, let path, let errno):
            return "cannot \(operation) the control socket at \(path): \(SystemCallError.reason(for: errno))"
        }
    }

    /// What to do about it, or "".
    public var hint: String {
        switch code {
        case .noSocket, .nobodyListening:
            return "start it (systemctl start gpioagg, or gpioagg --simulate), or pass --control PATH "
                + "with the socket it listens on"
        case .permissionDenied(_, let operation) where operation == "connect to":
            return "the socket is open to its owner and the 'gpio' group: add yourself to the group "
                + "(sudo usermod -aG gpio $USER, then log in again), or run this as the service's user"
        case .permissionDenied:
            return "run as root or as the service's user, or pass --control PATH in a directory you can write"
        case .alreadyRunning:
            return "stop the other one first (systemctl stop gpioagg), or give this one another --control PATH"
        case .notASocket(let path):
            return "remove \(path) if nothing needs it, or pass another --control PATH"
        case .foreignSocket(let path, let owner):
            return "if no gpioagg runs as uid \(owner), remove it (sudo rm \(path)); or pass another --control PATH"
        case .untrustedServer(_, let uid):
            return "another user (uid \(uid)) may be posing as gpioagg; ask who runs it, or pass --control PATH "
                + "with your daemon's socket"
        case .pathTooLong:
            return "pass a shorter --control PATH"
        case .noDirectory(_, let directory):
            return "create \(directory), or pass --control PATH in a directory that exists"
        case .unsafeDirectory(_, let directory):
            return "make it writable by its owner only (chmod o-w \(directory)) or sticky (chmod +t \(directory)), "
                + "or pass --control PATH in a directory only the service's user can write"
        case .symbolicLink(let path):
            return "remove \(path) if nothing needs it, or pass another --control PATH"
        case .timedOut:
            return "the daemon may be stuck; 'journalctl -u gpioagg' shows what it did last"
        case .invalidRequest, .invalidReply, .connectionClosed, .system:
            return ""
        }
    }

    public var description: String {
        hint.isEmpty ? message : message + "\nhint: " + hint
    }

    private static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

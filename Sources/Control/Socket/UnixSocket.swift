#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemCore

/// Helpers for `AF_UNIX` stream sockets named by a path.
enum UnixSocket {
    /// Room for a path in `sockaddr_un`, less its terminating NUL.
    static let maxPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// A new stream socket, close-on-exec (no helper process inherits the control socket)
    /// and non-blocking.
    static func makeStream() throws(SystemCallError) -> Int32 {
        try SystemCall.retrying("socket") {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        }
    }

    /// Checks that `path` fits in a socket address.
    static func validate(_ path: String) throws(ControlError) {
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw ControlError(.notASocket(path: path))
        }
        guard path.utf8.count <= maxPathBytes else {
            throw ControlError(.pathTooLong(path: path, limit: maxPathBytes))
        }
    }

    /// Calls `body` with `path` as a socket address; `path` must have passed `validate`.
    static func withAddress<Result>(
        of path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path.utf8.prefix(maxPathBytes))
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// Connects `fd` to `path`; failures are the raw errno for the caller to word.
    static func connectStream(_ fd: Int32, to path: String) throws(SystemCallError) {
        try SystemCall.retrying("connect") { withAddress(of: path) { connect(fd, $0, $1) } }
    }

    /// Sends without blocking. MSG_NOSIGNAL: a peer that went away is an EPIPE here, not a
    /// SIGPIPE that would kill the process.
    static func sendAvailable(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        try SystemCall.retrying("send") {
            send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
    }

    /// What `lstat` says about `path`: nil when nothing is there.
    static func fileStatus(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }

    static func isSocket(_ status: stat) -> Bool {
        status.st_mode & S_IFMT == S_IFSOCK
    }

    /// Who is at the other end of a connected socket: `SO_PEERCRED`, the process and
    /// user that called `listen` (or `connect`), as the kernel recorded them.
    struct PeerCredentials: Hashable {
        var pid: Int32
        var uid: UInt32
        var gid: UInt32
    }

    static func peerCredentials(_ fd: Int32) throws(SystemCallError) -> PeerCredentials {
        // struct ucred's layout (pid_t, uid_t, gid_t); Glibc's module hides the struct
        // behind _GNU_SOURCE.
        var raw: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: raw))
        try SystemCall.retrying("getsockopt") { getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &raw, &length) }
        return PeerCredentials(pid: raw.0, uid: raw.1, gid: raw.2)
    }

    /// The server that accepts connections on `path` right now, or nil when nobody does
    /// (refused: the file is stale). A full backlog (`EAGAIN`) still means somebody
    /// listens, with a pid of 0 when the kernel could not say who.
    static func listener(at path: String) throws(SystemCallError) -> PeerCredentials? {
        let probe = try makeStream()
        defer { SystemCall.close(probe) }
        do {
            try connectStream(probe, to: path)
        } catch {
            switch error.errno {
            case ECONNREFUSED, ENOENT: return nil
            case EAGAIN, EINPROGRESS: return PeerCredentials(pid: 0, uid: 0, gid: 0)
            default: throw error
            }
        }
        return (try? peerCredentials(probe)) ?? PeerCredentials(pid: 0, uid: 0, gid: 0)
    }
}

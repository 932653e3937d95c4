#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SystemCore

/// The device and inode of the socket file a server created, so that it never removes
/// a successor's.
struct SocketIdentity: Hashable {
    var device: UInt
    var inode: UInt
}

extension ControlServer {
    /// The private directory the socket is bound in before it is renamed into place, as a
    /// `mkdtemp` template, and the socket's name inside it.
    static let privateDirectoryTemplate = ".gpioagg-XXXXXX"
    static let privateSocketName = "s"

    /// Creates a listening socket at `path`, never visible there with another mode.
    ///
    /// `bind` gives a socket file the umask's mode, and `chmod` on the path follows a
    /// symbolic link that another user could put there in between. So the socket is
    /// bound and chmod'ed in a directory of mode 0700 next to `path`, where nobody else
    /// can reach it, and then renamed over `path`: a rename replaces whatever is there
    /// (a stale socket, or a link that appeared since the checks) and follows nothing.
    static func createListener(at path: String) throws(ControlError) -> (fd: Int32, identity: SocketIdentity) {
        try UnixSocket.validate(path)
        let directory = directory(of: path)
        let privateLength = directory.utf8.count + 1 + privateDirectoryTemplate.utf8.count + 1
            + privateSocketName.utf8.count
        guard privateLength <= UnixSocket.maxPathBytes else {
            throw ControlError(.pathTooLong(path: path,
                                            limit: UnixSocket.maxPathBytes - (privateLength - path.utf8.count)))
        }
        try checkDirectory(directory, of: path)
        try checkExistingFile(at: path)

        var template = Array((directory + "/" + privateDirectoryTemplate).utf8CString)
        guard mkdtemp(&template) != nil else {
            throw creationError(errno, path: path, directory: directory)
        }
        let privateDirectory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { rmdir(privateDirectory) }
        let privatePath = privateDirectory + "/" + privateSocketName

        let fd: Int32
        do {
            fd = try UnixSocket.makeStream()
        } catch {
            throw ControlError(.system(operation: "create", path: path, errno: error.errno))
        }
        // chmod, as fchmod on a socket does not reach its file; on the private path,
        // which nobody else can replace.
        guard UnixSocket.withAddress(of: privatePath, { bind(fd, $0, $1) }) == 0,
              chmod(privatePath, 0o660) == 0,
              let status = UnixSocket.fileStatus(privatePath),
              (try? SystemCall.retrying("listen", { listen(fd, listenBacklog) })) != nil,
              rename(privatePath, path) == 0 else {
            let code = errno
            SystemCall.close(fd)
            unlink(privatePath)
            throw creationError(code, path: path, directory: directory)
        }
        return (fd, SocketIdentity(device: UInt(status.st_dev), inode: UInt(status.st_ino)))
    }

    /// Refuses a directory where anyone may replace or remove the socket.
    private static func checkDirectory(_ directory: String, of path: String) throws(ControlError) {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            throw creationError(errno, path: path, directory: directory)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw ControlError(.noDirectory(path: path, directory: directory))
        }
        let writableByOthers: mode_t = 0o002
        let sticky: mode_t = 0o1000
        if status.st_mode & writableByOthers != 0, status.st_mode & sticky == 0 {
            throw ControlError(.unsafeDirectory(path: path, directory: directory))
        }
    }

    /// What may be at `path` already: nothing, or a socket that nobody listens on (what a
    /// daemon that was killed leaves behind), which the rename replaces.
    private static func checkExistingFile(at path: String) throws(ControlError) {
        guard let status = UnixSocket.fileStatus(path) else { return }
        if status.st_mode & S_IFMT == S_IFLNK { throw ControlError(.symbolicLink(path: path)) }
        guard UnixSocket.isSocket(status) else { throw ControlError(.notASocket(path: path)) }
        // Another user's listener there could impersonate the daemon to its clients;
        // even a stale one is not this daemon's to remove.
        guard status.st_uid == geteuid() else {
            throw ControlError(.foreignSocket(path: path, owner: status.st_uid))
        }
        let listener: UnixSocket.PeerCredentials?
        do {
            listener = try UnixSocket.listener(at: path)
        } catch {
            if error.errno == EACCES || error.errno == EPERM {
                throw ControlError(.permissionDenied(path: path, operation: "replace"))
            }
            throw ControlError(.system(operation: "check", path: path, errno: error.errno))
        }
        if let listener { throw ControlError(.alreadyRunning(path: path, pid: listener.pid)) }
    }

    private static func creationError(_ code: Int32, path: String, directory: String) -> ControlError {
        switch code {
        case ENOENT, ENOTDIR:
            return ControlError(.noDirectory(path: path, directory: directory))
        case EACCES, EPERM, EROFS:
            return ControlError(.permissionDenied(path: path, operation: "create"))
        case EISDIR:
            return ControlError(.notASocket(path: path))
        default:
            return ControlError(.system(operation: "create", path: path, errno: code))
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

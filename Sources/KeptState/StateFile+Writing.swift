#if canImport(Glibc)
@preconcurrency import Values
import Values
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemCore

extension StateFile {
    /// Replaces the file at `path` with `values`, so that a crash or a power cut at any
    /// moment leaves either the previous file or the new one, whole.
    ///
    /// The bytes go to a new temporary file in the same directory (`.kept-state.XXXXXX`),
    /// which is flushed to the disk (`fsync`), renamed over `path` (a rename replaces
    /// whatever is there, a symbolic link included, and follows nothing), and then the
    /// directory is flushed too, so that the rename itself survives a power cut. The file
    /// is mode 0640 in the process's group (`fileMode`), whatever the umask. The
    /// directory is created (mode 0755) when it does not exist. Blocks for as long as the
    /// disk takes: call it from `StateWriter`'s thread, never from the event loop's.
    ///
    /// ```swift
    /// try StateFile.write([lamp: true], path: "/var/lib/gpioagg/kept-state")
    /// ```
    public static func write(_ values: [NodeID: KeptValue], path: String) throws(KeptStateError) {
        let bytes = encode(values)
        let directory = directory(of: path)
        let (descriptor, temporary) = try createTemporary(for: path, in: directory)
        do throws(KeptStateError) {
            try writeAll(bytes, to: descriptor, path: path)
            do throws(SystemCallError) {
                try SystemCall.retrying("fsync") { fsync(descriptor) }
            } catch {
                throw failure(error, path)
            }
            // EINTR: the descriptor is gone all the same, and the data was flushed.
            if let error = SystemCall.close(descriptor) { throw failure(error, path) }
        } catch {
            SystemCall.close(descriptor)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure("rename", path)
            unlink(temporary)
            throw error
        }
        try syncDirectory(directory, path: path)
    }

    /// The state file's mode: the owner writes, the service's group reads (under the
    /// unit, `gpio`, as for the control socket), nobody else: every kept value would
    /// otherwise be open to any local user.
    public static let fileMode: mode_t = 0o640

    /// The prefix of the temporary files made for `path`: `.kept-state.`.
    static func temporaryPrefix(for path: String) -> String {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        return "." + name + "."
    }

    /// Removes the temporary files a process killed in the middle of a write left next to
    /// `path`. Only one gpioagg may keep state in a directory at a time.
    public static func removeTemporaries(for path: String) {
        let directory = directory(of: path)
        let prefix = temporaryPrefix(for: path)
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            // The six random characters of `createTemporary`, nothing more.
            if name.hasPrefix(prefix), name.utf8.count == prefix.utf8.count + 6 { names.append(name) }
        }
        for name in names {
            let file = directory + "/" + name
            var status = stat()
            if lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG { unlink(file) }
        }
    }

    /// Creates `.kept-state.XXXXXX` next to `path` (six random letters and digits), as
    /// `mkstemp` does, but close-on-exec from the start, in the process's group and with
    /// `fileMode`. Makes the directory when it is missing.
    private static func createTemporary(for path: String, in directory: String)
        throws(KeptStateError) -> (descriptor: Int32, path: String) {
        let prefix = directory + "/" + temporaryPrefix(for: path)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var createdDirectory = false
        var collisions = 0
        while true {
            var generator = SystemRandomNumberGenerator()
            let suffix = (0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt(alphabet.count)))] }
            let name = prefix + String(decoding: suffix, as: UTF8.self)
            let code: Int32
            do throws(SystemCallError) {
                let descriptor = try SystemCall.retrying("open") {
                    open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, fileMode)
                }
                restrict(descriptor)
                return (descriptor, name)
            } catch {
                code = error.errno
            }
            switch code {
            case EEXIST where collisions < 100:
                collisions += 1
            case ENOENT where !createdDirectory:
                createdDirectory = true
                try createDirectories(directory, path: path)
            default:
                throw KeptStateError(.writeFailed(path: path, operation: "creating a temporary file in \(directory)",
                                                  errno: code))
            }
        }
    }

    /// Gives the new file the process's group and `fileMode`, as the control socket has
    /// its 0660: the umask (a unit's `UMask=0077`, a shell's 0022) would make it
    /// unreadable to the group or readable to all, and a directory with the set-group-ID
    /// bit would hand it that directory's group. Each step is best effort, done on the
    /// descriptor before a byte is written: a file that cannot change group keeps the one
    /// it was made with, and the mode it was created with (`fileMode` less the umask)
    /// never gives more than `fileMode`.
    private static func restrict(_ descriptor: Int32) {
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_gid != getegid() {
            _ = fchown(descriptor, uid_t.max, getegid())
        }
        _ = fchmod(descriptor, fileMode)
    }

    /// `mkdir -p`, then flushes the parent of the last directory made so that it stays.
    private static func createDirectories(_ directory: String, path: String) throws(KeptStateError) {
        var made = directory.hasPrefix("/") ? "" : "."
        var createdAny = false
        for component in directory.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o755) == 0 {
                createdAny = true
            } else if errno != EEXIST {
                throw KeptStateError(.writeFailed(path: path, operation: "creating the directory \(made)",
                                                  errno: errno))
            }
        }
        if createdAny { try? syncDirectory(Self.directory(of: directory), path: path) }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(KeptStateError) {
        var offset = 0
        while offset < bytes.count {
            let written: Int
            do throws(SystemCallError) {
                written = try SystemCall.retrying("write") {
                    bytes.withUnsafeBytes { writeDescriptor(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                }
            } catch {
                throw failure(error, path)
            }
            offset += written
        }
    }

    private static func syncDirectory(_ directory: String, path: String) throws(KeptStateError) {
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try SystemCall.retrying("open") { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        } catch {
            throw failure("opening the directory \(directory)", path, errno: error.errno)
        }
        defer { SystemCall.close(descriptor) }
        do throws(SystemCallError) {
            try SystemCall.retrying("fsync") { fsync(descriptor) }
        } catch {
            // Some file systems cannot flush a directory and say so; their renames are
            // what they are.
            guard error.errno == EINVAL || error.errno == EROFS else {
                throw failure("fsync of the directory \(directory)", path, errno: error.errno)
            }
        }
    }

    private static func failure(_ operation: String, _ path: String, errno code: Int32 = errno) -> KeptStateError {
        KeptStateError(.writeFailed(path: path, operation: operation, errno: code))
    }

    /// The failure of a system call on the state file itself, named as the call.
    private static func failure(_ error: SystemCallError, _ path: String) -> KeptStateError {
        failure(error.call, path, errno: error.errno)
    }
}

/// libc's `write`, which `StateFile.write` hides inside the type.
private func writeDescriptor(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

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
    /// The values kept in the file at `path`: empty when there is no file yet.
    ///
    /// Anything else that keeps the values from being read throws, and the caller goes on
    /// with no kept values: a symbolic link (never followed), a directory or any other
    /// non-regular file, a file larger than `maximumBytes` (refused before reading it),
    /// one that cannot be read, and every case `decode` refuses. The file is opened
    /// without blocking, so a FIFO put there cannot hold up the start.
    ///
    /// ```swift
    /// let values = (try? StateFile.read(path: "/var/lib/gpioagg/kept-state")) ?? [:]
    /// ```
    public static func read(path: String) throws(KeptStateError) -> [NodeID: KeptValue] {
        let (descriptor, status): (Int32, stat)
        do throws(SystemCallError) {
            (descriptor, status) = try SystemCall.openForReading(path, followLinks: false)
        } catch {
            let code = error.errno
            if code == ENOENT { return [:] }
            if code == ELOOP, isSymbolicLink(path) {
                throw KeptStateError(.notAFile(path: path, what: "a symbolic link"))
            }
            throw KeptStateError(.unreadable(path: path, errno: code))
        }
        defer { SystemCall.close(descriptor) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw KeptStateError(.notAFile(path: path, what: FileKind.phrase(for: status.st_mode)))
        }
        if Int(status.st_size) > maximumBytes {
            throw KeptStateError(.tooLarge(path: path, bytes: Int(status.st_size), limit: maximumBytes))
        }
        // A file that grows while it is read: read up to one byte past the limit to tell.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count <= maximumBytes {
            let count: Int
            do throws(SystemCallError) {
                count = try SystemCall.retrying("read") {
                    chunk.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress!, $0.count) }
                }
            } catch {
                throw KeptStateError(.unreadable(path: path, errno: error.errno))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return try decode(bytes, path: path)
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

}

/// libc's `read`, which `StateFile.read` hides inside the type.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SystemCall {
    /// One `read` of at most `buffer.count` bytes into the start of `buffer`, for a
    /// reader the loop calls when `fd` is readable: never more than one read, so that it
    /// does not block on a descriptor that is not non-blocking (a pipe others share).
    public static func readAvailable(_ fd: Int32, into buffer: inout [UInt8]) -> DescriptorRead {
        do throws(SystemCallError) {
            guard let count = try nonBlocking("read", { buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } })
            else { return .notYet }
            return count == 0 ? .ended : .bytes(count)
        } catch {
            return .failed(error)
        }
    }
}

extension SystemCall {
    /// Opens `path` for reading without blocking (a FIFO with no writer would otherwise
    /// hold up the caller, often the event loop) and without becoming its controlling
    /// terminal, close-on-exec, then reads its status, so that the caller checks what it
    /// opened (a regular file? how large?) before reading a byte. The caller closes the
    /// descriptor; on a failure nothing is left open. `followLinks: false` refuses a
    /// symbolic link (`ELOOP`).
    public static func openForReading(_ path: String,
                                      followLinks: Bool = true) throws(SystemCallError) -> (descriptor: Int32, status: stat) {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followLinks ? 0 : O_NOFOLLOW)
        let descriptor = try retrying("open") { open(path, flags) }
        var status = stat()
        do throws(SystemCallError) {
            try retrying("fstat") { fstat(descriptor, &status) }
        } catch {
            close(descriptor)
            throw error
        }
        return (descriptor, status)
    }
}

extension SystemCall {
    /// Reads `fd` to its end, `EINTR` retried, keeping at most `limit + 1` bytes: a
    /// count past `limit` tells the caller the file grew past what its `fstat` said
    /// while it was read. For the small regular files `openForReading` has checked.
    ///
    /// ```swift
    /// let bytes = try SystemCall.readToEnd(descriptor, limit: Int(status.st_size))
    /// if bytes.count > Int(status.st_size) { /* it changed while it was read */ }
    /// ```
    public static func readToEnd(_ fd: Int32, limit: Int) throws(SystemCallError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let got = try retrying("read") {
                bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}

extension SystemCall {
    /// A small regular file's bytes, read without ever waiting: opened with
    /// `openForReading`, refused unless it is a regular file (a FIFO would hold the read
    /// for good, a device would never end) of at most `limit` bytes, then read to its end.
    ///
    /// ```swift
    /// let bytes = try SystemCall.readRegularFile("/etc/gpioagg/ca.pem", limit: 1 << 20)
    /// ```
    public static func readRegularFile(_ path: String, limit: Int) throws(RegularFileRefusal) -> [UInt8] {
        let (descriptor, status): (Int32, stat)
        do throws(SystemCallError) {
            (descriptor, status) = try openForReading(path)
        } catch {
            throw .failed(error)
        }
        defer { close(descriptor) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegular(kind: FileKind.phrase(for: status.st_mode)) }
        let size = Int(status.st_size)
        guard size <= limit else { throw .tooLarge(bytes: size) }
        let bytes: [UInt8]
        do throws(SystemCallError) {
            bytes = try readToEnd(descriptor, limit: size)
        } catch {
            throw .failed(error)
        }
        guard bytes.count <= size else { throw .changed }
        return bytes
    }
}

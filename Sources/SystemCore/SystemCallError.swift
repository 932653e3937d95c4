#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: its name and its `errno`, as `SystemCall` throws it.
///
/// Each module words it for the person who has to fix it (which file, which socket,
/// what to do); `reason` is the C library's text for the `errno`.
///
/// ```swift
/// do {
///     try SystemCall.retrying("read") { read(fd, &buffer, buffer.count) }
/// } catch {
///     print(error)            // "read failed: Bad file descriptor"
///     if error.errno == EBADF { ... }
/// }
/// ```
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The system call, as the code names it (`read`, `open`, `pthread_create`).
    public let call: String
    /// What the call set `errno` to (or returned, for the calls that return it).
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// The C library's text for `errno`: "No such file or directory".
    public var reason: String { Self.reason(for: errno) }

    /// `call failed: reason`.
    public var description: String { "\(call) failed: \(reason)" }

    /// The C library's text for `code` (`strerror`), for errors that carry a bare `errno`.
    public static func reason(for code: Int32) -> String {
        String(cString: strerror(code))
    }
}

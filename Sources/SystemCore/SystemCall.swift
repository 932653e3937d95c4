#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way gpioagg calls into libc for descriptors: retries `EINTR`, so that a
/// signal arriving mid-call (SIGCHLD, the daemon's own signal handling, a debugger)
/// never looks like a failure, and hands back `errno` as a `SystemCallError` naming
/// the call. swift-nio's `NIOPosix/System.swift` has the same shape.
///
/// ```swift
/// let count = try SystemCall.retrying("read") { read(fd, &buffer, buffer.count) }
/// guard let count = try SystemCall.nonBlocking("read", { read(fd, &buffer, buffer.count) }) else {
///     return  // nothing to read yet
/// }
/// ```
public enum SystemCall {
    /// Runs `body` until it returns a non-negative result or fails with something other
    /// than `EINTR`, which it throws with `call`'s name.
    @inlinable
    @discardableResult
    public static func retrying<Result: BinaryInteger>(_ call: String,
                                                       _ body: () -> Result) throws(SystemCallError) -> Result {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = errno
            if code != EINTR { throw SystemCallError(call: call, errno: code) }
        }
    }

    /// `retrying` for a call on a non-blocking descriptor: nil when it would block
    /// (`EAGAIN`, `EWOULDBLOCK`), so that the caller waits for the loop to say it is
    /// ready instead of treating it as a failure.
    @inlinable
    public static func nonBlocking<Result: BinaryInteger>(_ call: String,
                                                          _ body: () -> Result) throws(SystemCallError) -> Result? {
        do throws(SystemCallError) {
            return try retrying(call, body)
        } catch {
            if error.errno == EAGAIN || error.errno == EWOULDBLOCK { return nil }
            throw error
        }
    }

    /// Runs a call that returns its error number instead of setting `errno`
    /// (`pthread_create`, `posix_spawn`): retried on `EINTR`, thrown otherwise.
    @inlinable
    public static func returningError(_ call: String, _ body: () -> Int32) throws(SystemCallError) {
        while true {
            let code = body()
            if code == 0 { return }
            if code != EINTR { throw SystemCallError(call: call, errno: code) }
        }
    }

    /// Closes `fd`. Never retried: on Linux the descriptor is gone even when `close`
    /// reports `EINTR`, and a retry could close a descriptor another thread just opened.
    /// The result says whether the kernel reported a failure other than `EINTR` (an
    /// `EIO` from a file system that writes back late), for the callers that care.
    @discardableResult
    public static func close(_ fd: Int32) -> SystemCallError? {
        #if canImport(Glibc)
        let result = Glibc.close(fd)
        #elseif canImport(Musl)
        let result = Musl.close(fd)
        #else
        let result = Darwin.close(fd)
        #endif
        guard result < 0, errno != EINTR else { return nil }
        return SystemCallError(call: "close", errno: errno)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one place that calls into libc for sockets: retries `EINTR`, so that a signal
/// arriving mid-call (SIGCHLD, the daemon's own SIGTERM handling) never looks like a
/// failure, and hands back `errno` as a typed error.
enum SystemCall {
    struct Failure: Error, Hashable {
        var errno: Int32
    }

    /// Runs `body` until it returns a non-negative result or fails with something other
    /// than `EINTR`.
    @discardableResult
    static func run<Result: BinaryInteger>(_ body: () -> Result) throws(Failure) -> Result {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = errno
            if code != EINTR { throw Failure(errno: code) }
        }
    }

    /// Closes `fd`. Never retried: on Linux the descriptor is gone even when close
    /// reports EINTR, and a retry could close a descriptor another thread just opened.
    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }
}

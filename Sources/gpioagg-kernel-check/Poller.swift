#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Waits for input descriptors the way the daemon's event loop does: poll(2) for POLLIN.
enum Poller {
    /// The descriptors that are readable within `milliseconds` (none on timeout).
    static func readable(_ descriptors: [Int32], within milliseconds: Int32) throws -> [Int32] {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let count = poll(&fds, nfds_t(fds.count), milliseconds)
            if count < 0 {
                if errno == EINTR { continue }
                throw CheckFailure("poll: \(String(cString: strerror(errno)))")
            }
            return fds.filter { $0.revents & Int16(POLLIN) != 0 }.map(\.fd)
        }
    }
}

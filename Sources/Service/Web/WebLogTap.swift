#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Locks
import Logging
import Web

/// Where the daemon's log handlers copy each line for the page (`GET /api/log`, the
/// stream's `event: log`): the web feed while a web server is wanted, nowhere
/// otherwise, so that a daemon without `web:` keeps no line.
///
/// ```swift
/// tap.feed = feed              // the web lifecycle, while a server is wanted
/// tap.record(level: .info, message: "output ready_led on")
/// ```
///
/// Safe from any thread: the handlers log from the loop and from the server's thread.
public final class WebLogTap: Sendable {
    private let box = LockedValueBox<WebFeed?>(nil)

    public init() {}

    public var feed: WebFeed? {
        get { box.withLockedValue { $0 } }
        set { box.withLockedValue { $0 = newValue } }
    }

    /// Copies one line to the feed, if any.
    public func record(level: Logger.Level, message: Logger.Message) {
        guard let feed else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let time = Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
        feed.log(WebLogLine(time: time, level: level.rawValue, message: "\(message)"))
    }
}

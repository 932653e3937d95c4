#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import JSON

/// The routes the page draws from: the graph, each node's history, the log. (The event
/// stream's route answers `WebResponse.eventStream`; the connection does the rest.)
extension WebRoutes {
    /// `GET /api/graph`: `{"controls": ..., "history_seconds": ..., "nodes": [...]}`.
    func graph() async -> WebResponse {
        .json(200, (await backend.graph()).json(controls: controls, history: history).serialized)
    }

    /// `GET /api/history/NAME`: the node's last changes and, for a number, its curve;
    /// 404 for a name the graph does not have.
    func history(_ name: String) -> WebResponse {
        guard let document = feed.history(of: name, now: Self.wallClockMilliseconds()) else {
            return Self.failure(404, "no input, signal, output or cover named \(name.singleQuoted); GET /api/graph lists them")
        }
        return .json(200, document.serialized)
    }

    /// `GET /api/log`: `{"lines": [...]}`, oldest first.
    func log() -> WebResponse {
        .json(200, JSONValue.object(JSONObject([("lines", .array(feed.logLines.map(\.json)))])).serialized)
    }

    /// Now on the system's wall clock, as the daemon's loop reads it (`CLOCK_REALTIME`).
    static func wallClockMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}

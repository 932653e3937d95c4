import JSON

/// One line the daemon logged, as `GET /api/log` and the stream's `event: log` show it.
///
/// ```swift
/// WebLogLine(time: 1_764_662_400_000, level: "info", message: "output ready_led on").json.serialized
/// // {"time":1764662400000,"level":"info","message":"output ready_led on"}
/// ```
public struct WebLogLine: Hashable, Sendable {
    /// Milliseconds since the Unix epoch.
    public var time: Int64
    /// swift-log's level: `trace`, `debug`, `info`, `notice`, `warning`, `error`, `critical`.
    public var level: String
    /// At most `longestMessage` bytes of UTF-8: a longer one is cut there and ends in `…`.
    public var message: String

    /// What one line keeps of its message, so that the ring of 200 lines stays small.
    public static let longestMessage = 2048

    public init(time: Int64, level: String, message: String) {
        self.time = time
        self.level = level
        if message.utf8.count > Self.longestMessage {
            var cut = message.utf8.prefix(Self.longestMessage - 3)
            // Never cut a character in two.
            while let byte = cut.last, byte & 0xC0 == 0x80 { cut = cut.dropLast() }
            if let byte = cut.last, byte >= 0xC0 { cut = cut.dropLast() }
            self.message = String(decoding: cut, as: UTF8.self) + "…"
        } else {
            self.message = message
        }
    }

    public var json: JSONValue {
        .object(JSONObject([("time", .number(Double(time))), ("level", .string(level)), ("message", .string(message))]))
    }
}

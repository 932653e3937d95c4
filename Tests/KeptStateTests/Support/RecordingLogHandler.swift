import Locks
import Logging

/// One entry a test's logger received.
struct LogEntry {
    var level: Logger.Level
    var message: String
}

/// Keeps every entry logged, with its level, for the tests to read.
struct RecordingLogHandler: LogHandler {
    let entries: LockedValueBox<[LogEntry]>
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        entries.withLockedValue { $0.append(LogEntry(level: event.level, message: "\(event.message)")) }
    }

    /// A logger writing into a fresh box, and the box.
    static func logger() -> (Logger, LockedValueBox<[LogEntry]>) {
        let entries = LockedValueBox<[LogEntry]>([])
        return (Logger(label: "test") { _ in RecordingLogHandler(entries: entries) }, entries)
    }
}

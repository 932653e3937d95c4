import Locks
import Logging

/// One entry a test's logger received.
struct LogEntry {
    var level: Logger.Level
    var message: String
    var metadata: Logger.Metadata
}

/// Keeps every entry logged, with its level and metadata, for the tests to read.
struct RecordingLogHandler: LogHandler {
    let entries: LockedValueBox<[LogEntry]>
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        all.merge(event.metadata ?? [:]) { $1 }
        entries.withLockedValue {
            $0.append(LogEntry(level: event.level, message: "\(event.message)", metadata: all))
        }
    }
}

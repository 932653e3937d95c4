import Locks
import Logging

/// One entry a test's logger received.
public struct LogEntry: Sendable {
    public var level: Logger.Level
    public var message: String
    /// The logger's own metadata, with the entry's over it.
    public var metadata: Logger.Metadata

    public init(level: Logger.Level, message: String, metadata: Logger.Metadata = [:]) {
        self.level = level
        self.message = message
        self.metadata = metadata
    }
}

/// A swift-log handler that keeps every entry at `logLevel` or above, for the tests to
/// read; safe from any thread.
///
/// ```swift
/// let (logger, entries) = RecordingLogHandler.logger()
/// logger.warning("disk full")
/// entries.withLockedValue { $0.map(\.message) }   // ["disk full"]
/// ```
public struct RecordingLogHandler: LogHandler {
    public let entries: LockedValueBox<[LogEntry]>
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]

    public init(entries: LockedValueBox<[LogEntry]>, logLevel: Logger.Level = .trace) {
        self.entries = entries
        self.logLevel = logLevel
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        all.merge(event.metadata ?? [:]) { $1 }
        entries.withLockedValue {
            $0.append(LogEntry(level: event.level, message: "\(event.message)", metadata: all))
        }
    }

    /// A logger writing into a fresh box, and the box.
    public static func logger(label: String = "test", logLevel: Logger.Level = .trace)
        -> (Logger, LockedValueBox<[LogEntry]>)
    {
        let entries = LockedValueBox<[LogEntry]>([])
        return (Logger(label: label) { _ in RecordingLogHandler(entries: entries, logLevel: logLevel) }, entries)
    }
}

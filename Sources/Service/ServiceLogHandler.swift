@preconcurrency import Glibc
import CSystemd
import Logging

/// Where the daemon's log goes, decided once at start:
///
/// - **journal**: standard error is the journal's stream (`$JOURNAL_STREAM` names it),
///   so each entry goes to journald natively (its datagram protocol, `CSystemd`) with its fields:
///   `MESSAGE`, `PRIORITY`, `CODE_FILE`, `CODE_LINE`, `CODE_FUNC`,
///   `SYSLOG_IDENTIFIER=gpioagg`, and the metadata as journal fields (`gpio_line`
///   becomes `GPIO_LINE`), so `journalctl -u gpioagg GPIO_NAME=ready_led` finds them;
/// - **prefixed**: under systemd (`$INVOCATION_ID`) with standard error elsewhere (a
///   file, a pipe): each line on standard error, prefixed with its syslog priority
///   (`<6>input switch1 on`), which systemd and syslog daemons read;
/// - **plain**: anywhere else, plain lines: info and below on standard output,
///   warnings and errors on standard error.
///
/// ```swift
/// let log = Logger(label: "gpioagg") { _ in ServiceLogHandler(destination: .detect(), output: .process) }
/// log.info("output ready_led on", metadata: ["gpio_name": "ready_led"])
/// ```
public struct ServiceLogHandler: LogHandler {
    public enum Destination: Equatable, Sendable {
        case journal
        case prefixed
        case plain

        public static func detect(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } })
            -> Destination
        {
            if csystemd_stderr_is_journal() != 0 { return .journal }
            if environment("INVOCATION_ID") != nil { return .prefixed }
            return .plain
        }
    }

    public static let identifier = "gpioagg"

    let destination: Destination
    let output: StandardOutputs
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    /// Where each line is copied for the web page, while a web server is wanted.
    public var webLog: WebLogTap?
    public var metadataProvider: Logger.MetadataProvider?

    public init(destination: Destination, output: StandardOutputs) {
        self.destination = destination
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        webLog?.record(level: event.level, message: event.message)
        switch destination {
        case .journal:
            let fields = Self.journalFields(event, metadata: merged(event.metadata))
            if Self.sendToJournal(fields) != 0 {
                // journald went away: keep the line on standard error.
                output.error.write(Self.prefixed(event))
            }
        case .prefixed:
            output.error.write(Self.prefixed(event))
        case .plain:
            if event.level >= .warning {
                output.error.write("\(event.message)")
            } else {
                output.standard.write("\(event.message)")
            }
        }
    }

    private func merged(_ extra: Logger.Metadata?) -> Logger.Metadata {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
        if let extra { all.merge(extra) { $1 } }
        return all
    }

    // MARK: Formats

    /// syslog priorities (sd-daemon.h's `SD_*` prefixes).
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: return 7
        case .info: return 6
        case .notice: return 5
        case .warning: return 4
        case .error: return 3
        case .critical: return 2
        }
    }

    /// Every line of the message, each with the `<N>` prefix.
    static func prefixed(_ event: LogEvent) -> String {
        let prefix = "<\(priority(event.level))>"
        return "\(event.message)".split(separator: "\n", omittingEmptySubsequences: false)
            .map { prefix + $0 }.joined(separator: "\n")
    }

    /// The journal entry of an event: `FIELD=value` strings.
    static func journalFields(_ event: LogEvent, metadata: Logger.Metadata) -> [String] {
        var fields = [
            "MESSAGE=\(event.message)",
            "PRIORITY=\(priority(event.level))",
            "CODE_FILE=\(event.file)",
            "CODE_LINE=\(event.line)",
            "CODE_FUNC=\(event.function)",
            "SYSLOG_IDENTIFIER=\(identifier)",
        ]
        let taken = Set(fields.map { String($0.prefix { $0 != "=" }) })
        for key in metadata.keys.sorted() {
            guard let name = journalFieldName(key), !taken.contains(name) else { continue }
            fields.append("\(name)=\(metadata[key]!)")
        }
        return fields
    }

    /// A metadata key as a journal field name: upper case, `A-Z`, `0-9` and `_` only,
    /// starting with a letter, at most 64 characters. Nil when nothing is left.
    static func journalFieldName(_ key: String) -> String? {
        var name = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "a"..."z": name.unicodeScalars.append(Unicode.Scalar(scalar.value - 32)!)
            case "A"..."Z", "0"..."9": name.unicodeScalars.append(scalar)
            default: name += "_"
            }
        }
        name = String(name.drop { !("A"..."Z").contains($0) })
        guard !name.isEmpty else { return nil }
        return String(name.prefix(64))
    }

    /// Sends one entry to journald's socket, or to `socket` (a test listening in its
    /// place). Returns 0, or a negative errno.
    static func sendToJournal(_ fields: [String], socket: String? = nil) -> Int32 {
        // Every field in one buffer, so that one set of pointers into it stays valid for
        // the call.
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var lengths: [Int] = []
        for field in fields {
            starts.append(bytes.count)
            bytes += field.utf8
            lengths.append(bytes.count - starts[starts.count - 1])
        }
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                let pointers: [UnsafePointer<CChar>?] = starts.map { start in chars.baseAddress.map { $0 + start } }
                guard let socket else { return csystemd_journal_send(pointers, lengths, Int32(fields.count)) }
                return csystemd_journal_send_to(socket, pointers, lengths, Int32(fields.count))
            }
        }
    }
}

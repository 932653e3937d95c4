#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Locks
import Logging

/// The daemon's log for a person at a terminal: each line starts with the time of day;
/// changes of inputs, signals and outputs (the entries with `gpio_kind`, `gpio_name`
/// and `gpio_value` metadata) are laid out in columns, names padded to `layout`'s width,
/// levels coloured unless `colour` is off (`NO_COLOR`). Warnings and errors go to
/// standard error as they are.
///
/// ```
/// 15:10:26.157 signal all_on    on
/// 15:10:26.157 output ready_led on
/// ```
public struct TerminalLogHandler: LogHandler {
    /// The width names are padded to, shared by every handler of one daemon and set when
    /// it learns a configuration.
    public final class Layout: Sendable {
        private let width = LockedValueBox(0)

        public init() {}

        public var nameWidth: Int {
            get { width.withLockedValue { $0 } }
            set { width.withLockedValue { $0 = newValue } }
        }
    }

    let output: StandardOutputs
    let layout: Layout
    let colour: Bool
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    /// Where each line is copied for the web page, while a web server is wanted.
    public var webLog: WebLogTap?

    public init(output: StandardOutputs, layout: Layout, colour: Bool) {
        self.output = output
        self.layout = layout
        self.colour = colour
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        webLog?.record(level: event.level, message: event.message)
        if event.level >= .warning {
            output.error.write("\(event.message)")
            return
        }
        guard let columns = Self.columns(event.metadata ?? [:], nameWidth: layout.nameWidth, colour: colour) else {
            output.standard.write(Self.timeOfDay() + "\(event.message)")
            return
        }
        output.standard.write(Self.timeOfDay() + columns)
    }

    /// A change laid out in columns (`signal all_on    on`, `input  air       21.50 °C`),
    /// the value coloured when `colour` is on: on and activated bright green, off and
    /// unavailable dim, a number as it is. Nil for an entry that is not a change.
    static func columns(_ fields: Logger.Metadata, nameWidth: Int, colour: Bool) -> String? {
        guard case .string(let kind)? = fields["gpio_kind"], case .string(let name)? = fields["gpio_name"],
              case .string(let value)? = fields["gpio_value"] else { return nil }
        var note = ""
        if case .string(let cause)? = fields["gpio_cause"], cause != "change" { note = " (\(cause))" }
        var shown = value
        if case .string(let unit)? = fields["gpio_unit"] { shown += " " + unit }
        let level: String
        switch value {
        case _ where !colour: level = shown.padding(to: 3)
        case "on": level = "\u{1B}[1;32mon\u{1B}[0m "
        case "off": level = "\u{1B}[2moff\u{1B}[0m"
        case "activated": level = "\u{1B}[1;32mactivated\u{1B}[0m"
        case "unavailable": level = "\u{1B}[2munavailable\u{1B}[0m"
        default: level = shown
        }
        return "\(kind.padding(to: 6)) \(name.padding(to: nameWidth)) \(level)\(note)"
    }

    /// `12:04:31.250 `, local time.
    static func timeOfDay() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var local = tm()
        localtime_r(&seconds, &local)
        let milliseconds = Int(now.tv_nsec / 1_000_000)
        return "\(Int(local.tm_hour).padded(2)):\(Int(local.tm_min).padded(2)):\(Int(local.tm_sec).padded(2))."
            + "\(milliseconds.padded(3)) "
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

extension Int {
    func padded(_ digits: Int) -> String {
        let text = String(self)
        return String(repeating: "0", count: Swift.max(0, digits - text.count)) + text
    }
}

@preconcurrency import Glibc
import Config
import Engine
import GPIO
import Logging

/// Where the daemon says what happens: one entry per change of an input, a signal or an
/// output (`output ready_led on`), and its notices, warnings and errors.
///
/// On a terminal (standard output is a tty: someone runs it by hand) each line starts
/// with the time of day, names are aligned and the levels are coloured (unless
/// `NO_COLOR` is set). Everywhere else the entries go through swift-log's `Logger`
/// with a `ServiceLogHandler`: native journal entries under systemd, `<N>`-prefixed
/// lines on standard error when systemd's standard error is not the journal, plain
/// lines otherwise (changes on standard output, warnings and errors on standard error).
/// Journal entries carry the change as fields: `GPIO_KIND`, `GPIO_NAME`, `GPIO_VALUE`,
/// and for inputs and outputs `GPIO_CHIP` and `GPIO_LINE`.
final class Console: @unchecked Sendable {
    enum Style { case log, terminal }

    let style: Style
    let colour: Bool
    let logger: Logger
    /// The width names are padded to on a terminal, so the levels line up.
    private var nameWidth = 0
    /// The chip and line of each input and output, for the entries' fields.
    private var lines: [String: (chip: String, line: String)] = [:]

    init(style: Style, colour: Bool = false, destination: ServiceLogHandler.Destination = .plain) {
        self.style = style
        self.colour = colour
        logger = Logger(label: ServiceLogHandler.identifier) { _ in ServiceLogHandler(destination: destination) }
        setvbuf(stdout, nil, _IOLBF, 0)
    }

    /// The console for this process: a terminal's, or a log to wherever systemd or the
    /// caller points standard output and standard error.
    static func forThisProcess() -> Console {
        let terminal = isatty(STDOUT_FILENO) == 1 && getenv("INVOCATION_ID") == nil
        return Console(style: terminal ? .terminal : .log, colour: terminal && getenv("NO_COLOR") == nil,
                       destination: .detect())
    }

    /// Learns the names and lines of a configuration (for alignment and fields).
    func describe(_ configuration: Configuration) {
        nameWidth = (configuration.inputs.map(\.name) + configuration.signals.map(\.name)
            + configuration.outputs.map(\.name)).map(\.count).max() ?? 0
        lines = [:]
        for input in configuration.inputs { lines[input.name] = (input.chip, Self.text(input.line)) }
        for output in configuration.outputs { lines[output.name] = (output.chip, Self.text(output.line)) }
    }

    func info(_ line: String, file: String = #fileID, function: String = #function, line number: UInt = #line) {
        switch style {
        case .terminal: print(prefix + line)
        case .log: logger.info("\(line)", file: file, function: function, line: number)
        }
    }

    /// A warning; text starting with `error:` is logged as an error. May span lines.
    func warning(_ text: String, file: String = #fileID, function: String = #function, line: UInt = #line) {
        switch style {
        case .terminal:
            fputs(text + "\n", stderr)
        case .log:
            logger.log(level: text.hasPrefix("error") ? .error : .warning, "\(text)",
                       file: file, function: function, line: line)
        }
    }

    /// An error (a config file's, a line's), possibly over several lines.
    func error(_ text: String, file: String = #fileID, function: String = #function, line: UInt = #line) {
        switch style {
        case .terminal: fputs(text + "\n", stderr)
        case .log: logger.error("\(text)", file: file, function: function, line: line)
        }
    }

    /// `input switch1 on`, `output ready_led off (safe state)`.
    func change(_ change: EngineChange, note: String? = nil,
                file: String = #fileID, function: String = #function, line: UInt = #line) {
        let suffix = note.map { " (\($0))" } ?? ""
        let value = change.value ? "on" : "off"
        switch style {
        case .log:
            var metadata: Logger.Metadata = [
                "gpio_kind": "\(change.kind.rawValue)", "gpio_name": "\(change.name)", "gpio_value": "\(value)",
            ]
            if change.kind != .signal, let place = lines[change.name] {
                metadata["gpio_chip"] = "\(place.chip)"
                metadata["gpio_line"] = "\(place.line)"
            }
            logger.info("\(change.kind.rawValue) \(change.name) \(value)\(suffix)", metadata: metadata,
                        file: file, function: function, line: line)
        case .terminal:
            let kind = change.kind.rawValue.padding(to: 6)
            let level = !colour ? value.padding(to: 3)
                : change.value ? "\u{1B}[1;32mon\u{1B}[0m " : "\u{1B}[2moff\u{1B}[0m"
            print("\(prefix)\(kind) \(change.name.padding(to: nameWidth)) \(level)\(suffix)")
        }
    }

    private static func text(_ line: LineLocator) -> String {
        switch line {
        case .name(let name): return name
        case .offset(let offset): return String(offset)
        }
    }

    /// The time of day (`12:04:31.250 `).
    private var prefix: String {
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

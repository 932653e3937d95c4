@preconcurrency import Glibc
import Engine

/// Where the daemon says what happens: one line per change of an input, a signal or an
/// output on standard output, warnings and errors on standard error.
///
/// Plain lines (`output ready_led on`) when standard output is a file, a pipe or the
/// journal; on a terminal each line starts with the time of day, names are aligned and
/// the levels are coloured (unless `NO_COLOR` is set).
final class Console: @unchecked Sendable {
    enum Style { case plain, terminal }

    let style: Style
    let colour: Bool
    /// The width names are padded to on a terminal, so the levels line up.
    var nameWidth = 0

    init(style: Style, colour: Bool = false) {
        self.style = style
        self.colour = colour
        setvbuf(stdout, nil, _IOLBF, 0)
    }

    /// The style for this process's standard output.
    static func forStandardOutput() -> Console {
        let terminal = isatty(STDOUT_FILENO) == 1
        return Console(style: terminal ? .terminal : .plain, colour: terminal && getenv("NO_COLOR") == nil)
    }

    func info(_ line: String) {
        print(prefix + line)
    }

    /// One or more lines on standard error.
    func warning(_ text: String) {
        fputs(text + "\n", stderr)
    }

    /// `input switch1 on`, `output ready_led off (safe state)`.
    func change(_ change: EngineChange, note: String? = nil) {
        let suffix = note.map { " (\($0))" } ?? ""
        switch style {
        case .plain:
            print("\(change.kind.rawValue) \(change.name) \(change.value ? "on" : "off")\(suffix)")
        case .terminal:
            let kind = change.kind.rawValue.padding(to: 6)
            let level = !colour ? (change.value ? "on " : "off")
                : change.value ? "\u{1B}[1;32mon\u{1B}[0m " : "\u{1B}[2moff\u{1B}[0m"
            print("\(prefix)\(kind) \(change.name.padding(to: nameWidth)) \(level)\(suffix)")
        }
    }

    /// The time of day on a terminal (`12:04:31.250 `), nothing otherwise.
    private var prefix: String {
        guard style == .terminal else { return "" }
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

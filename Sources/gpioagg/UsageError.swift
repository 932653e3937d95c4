import GPIO

/// A command line that does not say something gpioagg can do: it names the word at
/// fault and what is expected there, and exits 64 (`EX_USAGE` from sysexits.h).
///
/// ```swift
/// throw UsageError("'maybe' is not a level: write on or off")
/// // gpioagg: error: 'maybe' is not a level: write on or off
/// // Usage: gpioagg sim set <name> <on|off> [--control <PATH>]
/// // See 'gpioagg sim set --help' for more information.
/// ```
struct UsageError: Error {
    static let status: Int32 = 64

    let message: String
    /// A line of advice: the nearest names, where a command goes.
    var hint: String?
    /// The command being read, for its usage line; set by whoever knows it.
    var command: String?
    var usage: String?

    init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    /// This error, shown with `help`'s usage line unless it has one already.
    func reading(_ help: CommandHelp) -> UsageError {
        reading(help.commandLine, usage: help.usage)
    }

    func reading(_ command: String, usage: String) -> UsageError {
        guard self.command == nil else { return self }
        var error = self
        error.command = command
        error.usage = usage
        return error
    }

    /// The lines written to standard error.
    var report: [String] {
        var lines = ["gpioagg: error: " + message]
        if let hint { lines.append("hint: " + hint) }
        if let usage { lines.append("Usage: " + usage) }
        lines.append("See '\(command ?? "gpioagg") --help' for more information.")
        return lines
    }

    /// `did you mean '--json'?` for the names within a typo of `word`, nil when none is.
    static func didYouMean(_ word: String, among candidates: [String]) -> String? {
        let threshold = NameSuggestions.typoThreshold(for: word)
        // Closest first; among equals, in the order the command lists them.
        let close = NameSuggestions.distances(from: word, to: candidates).enumerated()
            .filter { $0.element.distance <= threshold }
            .sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .prefix(2)
        guard !close.isEmpty else { return nil }
        return "did you mean " + close.map { "'\($0.element.name)'" }.joined(separator: " or ") + "?"
    }
}

/// Ends the process with a status, from anywhere inside a command's `run()`.
///
/// ```swift
/// throw ExitCode(1)
/// ```
struct ExitCode: Error {
    let status: Int32

    init(_ status: Int32) {
        self.status = status
    }
}

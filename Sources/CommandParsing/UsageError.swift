import GPIO

/// A command line that does not say something the program can do: it names the word at
/// fault and what is expected there, and exits 64 (`EX_USAGE` from sysexits.h).
///
/// ```swift
/// throw UsageError("'maybe' is not a level: write on or off")
/// // error: 'maybe' is not a level: write on or off
/// // Usage: gpioagg sim set <name> <on|off> [--control <PATH>]
/// // See 'gpioagg sim set --help' for more information.
/// ```
public struct UsageError: Error {
    public static let status: Int32 = 64

    public let message: String
    /// A line of advice: the nearest names, where a command goes.
    public var hint: String?
    /// The command being read (`gpioagg sim set`), for its usage line; set by whoever
    /// knows it.
    public var command: String?
    public var usage: String?

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    /// This error, shown with `help`'s usage line unless it has one already.
    public func reading(_ help: CommandHelp) -> UsageError {
        reading(help.commandLine, usage: help.usage)
    }

    /// This error, as met while reading `command`, unless it names a command already.
    public func reading(_ command: String, usage: String) -> UsageError {
        guard self.command == nil else { return self }
        var error = self
        error.command = command
        error.usage = usage
        return error
    }

    /// The lines written to standard error: `error: ...` as every error the program
    /// prints, then the hint, the usage line and where help is.
    public var report: [String] {
        var lines = ["error: " + message]
        if let hint { lines.append("hint: " + hint) }
        if let usage { lines.append("Usage: " + usage) }
        if let command { lines.append("See '\(command) --help' for more information.") }
        return lines
    }

    /// `did you mean '--json'?` for the names within a typo of `word`, nil when none is.
    ///
    /// ```swift
    /// UsageError.didYouMean("--jsn", among: ["--control", "--json"])   // "did you mean '--json'?"
    /// ```
    public static func didYouMean(_ word: String, among candidates: [String]) -> String? {
        NameSuggestions.didYouMean(closest(to: word, among: candidates))
    }

    /// The suggestion with `list` in brackets, or `list` alone when nothing is close.
    public static func didYouMean(_ word: String, among candidates: [String], list: String) -> String {
        NameSuggestions.didYouMean(closest(to: word, among: candidates), list: list) ?? list
    }

    private static func closest(to word: String, among candidates: [String]) -> [String] {
        let threshold = NameSuggestions.typoThreshold(for: word)
        // Closest first; among equals, in the order the command lists them.
        return NameSuggestions.distances(from: word, to: candidates).enumerated()
            .filter { $0.element.distance <= threshold }
            .sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .prefix(2).map(\.element.name)
    }
}

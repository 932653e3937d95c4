/// A command's words, checked against its `CommandHelp`: every option is one it
/// declares, every option that takes a value has one, every required argument and option
/// is there, and no argument is left over.
///
/// Options come before, between or after the arguments, as `--config PATH` or
/// `--config=PATH`; the last of a repeated option wins; after `--` every word is an
/// argument.
///
/// ```swift
/// let parsed = try ParsedArguments(["switch1", "--for", "50ms"], for: Sim.Pulse.help)
/// parsed.positional(0)   // "switch1"
/// parsed.value("for")    // "50ms"
/// ```
public struct ParsedArguments {
    /// The arguments, in order.
    public private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// Reads `words` as `command` declares them; the error names the word at fault.
    public init(_ words: ArraySlice<String>, for command: CommandHelp) throws(UsageError) {
        try self.init(words, for: command, defaultOf: nil)
    }

    /// `group`, when `command` is its default subcommand: a left-over argument that
    /// names one of the group's commands is told to come first.
    init(_ words: ArraySlice<String>, for command: CommandHelp, defaultOf group: (any CommandGroup.Type)?)
        throws(UsageError)
    {
        var remaining = words
        var onlyArguments = false
        while let word = remaining.popFirst() {
            // A negative number is an argument (`gpioagg set offset -1.5`): no option is one.
            if onlyArguments || !Self.isOption(word) || Self.isNegativeNumber(word) {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyArguments = true
                continue
            }
            let (name, inlineValue) = Self.split(word)
            guard let option = command.options.first(where: { $0.longName == name }) else {
                throw Self.unknownOption(word, name: name, of: command)
            }
            if option.isFlag {
                if let inlineValue {
                    throw UsageError("'\(name)' takes no value, but was given '\(inlineValue)'")
                }
                flags.insert(option.name)
            } else if let inlineValue {
                values[option.name] = inlineValue
            } else if let next = remaining.first, !Self.isOption(next) || Self.isNegativeNumber(next) {
                values[option.name] = next
                remaining.removeFirst()
            } else {
                throw UsageError("'\(name)' needs a value: \(option.label)")
            }
        }
        try check(against: command, defaultOf: group)
    }

    /// Whether the flag `name` (no dashes) was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of the option `name` (no dashes), nil when it was not given.
    public func value(_ name: String) -> String? { values[name] }

    /// The argument at `index`, nil when it was left out.
    public func positional(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    /// `-x`, `--name`, `--name=value`; a lone `-` is an argument (standard input, by
    /// habit).
    static func isOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-"
    }

    /// `-5ms`, `-1`, `-.5`: an argument, or after an option that takes a value, a value
    /// (which the command then refuses for what it is), not an option no command has.
    static func isNegativeNumber(_ word: String) -> Bool {
        let rest = word.dropFirst()
        let digits = rest.first == "." ? rest.dropFirst() : rest
        return word.hasPrefix("-") && digits.first?.isNumber == true
    }

    /// Whether `words` ask for help before any `--`: help wins over every mistake.
    static func asksForHelp(_ words: ArraySlice<String>) -> Bool {
        asksFor(["-h", "--help"], in: words)
    }

    /// Whether `words` ask for the version before any `--`.
    static func asksForVersion(_ words: ArraySlice<String>) -> Bool {
        asksFor(["--version"], in: words)
    }

    private static func asksFor(_ options: Set<String>, in words: ArraySlice<String>) -> Bool {
        for word in words {
            if word == "--" { return false }
            if options.contains(word) { return true }
        }
        return false
    }

    private static func split(_ word: String) -> (name: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    private static func unknownOption(_ word: String, name: String, of command: CommandHelp) -> UsageError {
        let names = (command.options + CommandHelp.standardOptions).map(\.longName)
        return UsageError("unknown option '\(word)' for '\(command.commandLine)'",
                          hint: UsageError.didYouMean(name, among: names))
    }

    private func check(against command: CommandHelp, defaultOf group: (any CommandGroup.Type)?)
        throws(UsageError)
    {
        if positionals.count > command.arguments.count, command.arguments.last?.isRepeating != true {
            let extra = positionals[command.arguments.count]
            throw UsageError("unexpected argument '\(extra)'",
                             hint: Self.argumentsHint(command, extra: extra, defaultOf: group))
        }
        for (index, argument) in command.arguments.enumerated() where !argument.isOptional && index >= positionals.count {
            throw UsageError("missing \(argument.label): \(Self.phrase(argument.help))")
        }
        for option in command.options where option.isRequired && values[option.name] == nil {
            throw UsageError("missing \(option.longName) <\(option.valueName ?? "value")>: \(Self.phrase(option.help))")
        }
    }

    /// What the command takes instead, and where a command's name goes when `extra` is one.
    private static func argumentsHint(_ command: CommandHelp, extra: String,
                                      defaultOf group: (any CommandGroup.Type)?) -> String {
        let takes: String
        switch command.arguments.count {
        case 0: takes = "'\(command.commandLine)' takes no arguments"
        case 1: takes = "'\(command.commandLine)' takes one argument, \(command.arguments[0].label)"
        default:
            takes = "'\(command.commandLine)' takes \(command.arguments.count) arguments, "
                + command.arguments.map(\.label).joined(separator: " ")
        }
        if let group, group.subcommands.contains(where: { $0.help.word == extra }) {
            return takes + "; name the command first: \(group.help.commandLine) \(extra) [<options>]"
        }
        return takes
    }

    /// `The input, as named in the config.` as the end of a sentence: `the input, as
    /// named in the config`.
    private static func phrase(_ help: String) -> String {
        var text = help.hasSuffix(".") ? String(help.dropLast()) : help
        if let first = text.first, first.isUppercase {
            text = first.lowercased() + text.dropFirst()
        }
        return text
    }
}

/// What a command line asks for, once its words are read: a command to run, or text to
/// print (help, the version) and exit 0.
///
/// The first words pick the command through the groups (`sim pulse`); when they name
/// none, the group's default runs (`gpioagg --simulate` is `gpioagg run --simulate`).
/// `PROGRAM help [COMMAND...]`, `-h` and `--help` anywhere print help, `--version`
/// anywhere prints `version`.
///
/// ```swift
/// try Invocation(["sim", "set", "switch1", "on"], root: GPIOAgg.self, version: "gpioagg 0.1.0")
/// // .run(a Sim.SetLevel)
/// try Invocation(["help", "sim"], root: GPIOAgg.self, version: "gpioagg 0.1.0")
/// // .print(sim's help page)
/// ```
public enum Invocation {
    case run(any Command)
    case print(String)

    /// Reads `words` (the program's name left out) through `root`'s commands.
    public init(_ words: ArraySlice<String>, root: any CommandGroup.Type, version: String) throws(UsageError) {
        let reader = Reader(root: root, version: version)
        var remaining = words
        if remaining.first == "help" {
            remaining.removeFirst()
            self = .print(try reader.helpPage(remaining, group: root))
            return
        }
        self = try reader.invocation(remaining, group: root)
    }
}

extension Invocation {
    /// The walk down the groups, with what every level needs to know.
    private struct Reader {
        let root: any CommandGroup.Type
        let version: String

        func invocation(_ words: ArraySlice<String>, group: any CommandGroup.Type) throws(UsageError) -> Invocation {
            let help = group.help
            let usage = help.groupUsage(hasDefault: group.defaultSubcommand != nil)
            guard let first = words.first else {
                guard let command = group.defaultSubcommand else {
                    return .print(Self.groupPage(group))
                }
                return try invocation(words, command: command, in: group)
            }
            if first == "-h" || first == "--help" { return .print(Self.groupPage(group)) }
            if first == "--version" { return .print(version) }
            if ParsedArguments.isOption(first) {
                if let command = group.defaultSubcommand { return try invocation(words, command: command, in: group) }
                let names = CommandHelp.standardOptions.map(\.longName)
                throw UsageError("unknown option '\(first)' for '\(help.commandLine)'",
                                 hint: UsageError.didYouMean(first, among: names))
                    .reading(help.commandLine, usage: usage)
            }
            let rest = words.dropFirst()
            switch try Self.subcommand(named: first, in: group) {
            case .command(let command): return try invocation(rest, command: command, in: group)
            case .group(let inner): return try invocation(rest, group: inner)
            }
        }

        private func invocation(_ words: ArraySlice<String>, command: any Command.Type,
                                in group: any CommandGroup.Type) throws(UsageError) -> Invocation {
            let help = command.help
            if ParsedArguments.asksForHelp(words) { return .print(help.page) }
            if ParsedArguments.asksForVersion(words) { return .print(version) }
            let isDefault = group.defaultSubcommand?.help.name == help.name
            do {
                let arguments = try ParsedArguments(words, for: help, defaultOf: isDefault ? group : nil)
                return .run(try command.init(parsing: arguments))
            } catch {
                throw error.reading(help)
            }
        }

        /// `PROGRAM help sim pulse`: the page of the command the words name.
        func helpPage(_ words: ArraySlice<String>, group: any CommandGroup.Type) throws(UsageError) -> String {
            guard let first = words.first else { return Self.groupPage(group) }
            let rest = words.dropFirst()
            switch try Self.subcommand(named: first, in: group) {
            case .group(let inner):
                return try helpPage(rest, group: inner)
            case .command(let command):
                if let extra = rest.first {
                    let program = root.help.program
                    throw UsageError("unexpected word '\(extra)' after '\(command.help.commandLine)'",
                                     hint: "'\(program) help' takes the words of one command")
                        .reading("\(program) help", usage: "\(program) help [<subcommand>...]")
                }
                return command.help.page
            }
        }

        private static func subcommand(named word: String, in group: any CommandGroup.Type)
            throws(UsageError) -> Subcommand
        {
            if let found = group.subcommands.first(where: { $0.help.word == word }) { return found }
            let help = group.help
            var names = group.subcommands.map(\.help.word)
            if help.isProgram { names.append("help") }
            let listed = "commands: " + names.joined(separator: ", ")
            throw UsageError("unknown command '\(word)'" + (help.isProgram ? "" : " for '\(help.commandLine)'"),
                             hint: UsageError.didYouMean(word, among: names, list: listed))
                .reading(help.commandLine, usage: help.groupUsage(hasDefault: group.defaultSubcommand != nil))
        }

        private static func groupPage(_ group: any CommandGroup.Type) -> String {
            group.help.groupPage(subcommands: group.subcommands, defaultWord: group.defaultSubcommand?.help.word)
        }
    }
}

/// What a command line asks for, once its words are read: a command to run, or text to
/// print (help, the version) and exit 0.
///
/// The first words pick the command through the groups (`sim pulse`); when they name
/// none, the group's default runs (`gpioagg --simulate` is `gpioagg run --simulate`).
/// `gpioagg help [COMMAND...]`, `-h` and `--help` anywhere print help, `--version`
/// anywhere the version.
///
/// ```swift
/// try Invocation(["sim", "set", "switch1", "on"], root: GPIOAgg.self)   // .run(Sim.SetLevel)
/// try Invocation(["help", "sim"], root: GPIOAgg.self)                   // .print(sim's help page)
/// ```
enum Invocation {
    case run(any Command)
    case print(String)

    init(_ words: ArraySlice<String>, root: any CommandGroup.Type) throws(UsageError) {
        var remaining = words
        if remaining.first == "help" {
            remaining.removeFirst()
            self = .print(try Self.helpPage(remaining, group: root))
            return
        }
        self = try Self.invocation(remaining, group: root)
    }

    private static func invocation(_ words: ArraySlice<String>, group: any CommandGroup.Type)
        throws(UsageError) -> Invocation
    {
        let help = group.help
        let usage = help.groupUsage(hasDefault: group.defaultSubcommand != nil)
        guard let first = words.first else {
            guard let command = group.defaultSubcommand else {
                return .print(groupPage(group))
            }
            return try invocation(words, command: command)
        }
        if first == "-h" || first == "--help" { return .print(groupPage(group)) }
        if first == "--version" { return .print(GPIOAgg.versionText) }
        if ParsedArguments.isOption(first) {
            if let command = group.defaultSubcommand { return try invocation(words, command: command) }
            let names = CommandHelp.standardOptions.map(\.longName)
            throw UsageError("unknown option '\(first)' for '\(help.commandLine)'",
                             hint: UsageError.didYouMean(first, among: names))
                .reading(help.commandLine, usage: usage)
        }
        let rest = words.dropFirst()
        switch try subcommand(named: first, in: group) {
        case .command(let command): return try invocation(rest, command: command)
        case .group(let inner): return try invocation(rest, group: inner)
        }
    }

    private static func invocation(_ words: ArraySlice<String>, command: any Command.Type)
        throws(UsageError) -> Invocation
    {
        let help = command.help
        if ParsedArguments.asksForHelp(words) { return .print(help.page) }
        if ParsedArguments.asksForVersion(words) { return .print(GPIOAgg.versionText) }
        do {
            return .run(try command.init(parsing: try ParsedArguments(words, for: help)))
        } catch {
            throw error.reading(help)
        }
    }

    /// `gpioagg help sim pulse`: the page of the command the words name.
    private static func helpPage(_ words: ArraySlice<String>, group: any CommandGroup.Type)
        throws(UsageError) -> String
    {
        guard let first = words.first else { return groupPage(group) }
        let rest = words.dropFirst()
        switch try subcommand(named: first, in: group) {
        case .group(let inner):
            return try helpPage(rest, group: inner)
        case .command(let command):
            if let extra = rest.first {
                throw UsageError("unexpected word '\(extra)' after '\(command.help.commandLine)'",
                                 hint: "'gpioagg help' takes the words of one command")
                    .reading("gpioagg help", usage: "gpioagg help [<subcommand>...]")
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
        if help.name.isEmpty { names.append("help") }
        let listed = "commands: " + names.joined(separator: ", ")
        throw UsageError("unknown command '\(word)'" + (help.name.isEmpty ? "" : " for '\(help.commandLine)'"),
                         hint: UsageError.didYouMean(word, among: names).map { $0 + " (\(listed))" } ?? listed)
            .reading(help.commandLine, usage: help.groupUsage(hasDefault: group.defaultSubcommand != nil))
    }

    private static func groupPage(_ group: any CommandGroup.Type) -> String {
        group.help.groupPage(subcommands: group.subcommands, defaultWord: group.defaultSubcommand?.help.word)
    }
}

/// A command of the command line (`gpioagg check`, `gpioagg sim pulse`): it describes
/// itself for help and usage lines, reads its words into its own fields, and runs.
///
/// Hand-written rather than swift-argument-parser: that one links FoundationEssentials
/// and walks every command with `Mirror`, which costs the idle daemon megabytes of
/// resident pages. Here a command reads its words from a `ParsedArguments` that the
/// declared `CommandHelp` already checked (unknown options, missing values and
/// arguments), and checks only what its own values mean.
///
/// ```swift
/// struct Toggle: Command {
///     static let help = CommandHelp(name: "sim toggle", abstract: "Invert a simulated input.",
///                                   arguments: [ArgumentSpec("name", help: "The input, as named in the config.")])
///     let name: String
///     init(parsing arguments: ParsedArguments) throws(UsageError) { name = arguments.positional(0) ?? "" }
///     func run() throws { ... }
/// }
/// ```
protocol Command {
    static var help: CommandHelp { get }

    /// Reads the checked words; throws for a value that means nothing to the command
    /// (`maybe` for a level), naming the word and what is expected.
    init(parsing arguments: ParsedArguments) throws(UsageError)

    /// Does the work. Throwing `ExitCode` ends the process with that status.
    func run() throws
}

/// A command that only leads to others: `gpioagg` itself, `gpioagg sim`.
protocol CommandGroup {
    static var help: CommandHelp { get }
    static var subcommands: [Subcommand] { get }
    /// What runs when the words name no subcommand (`run` for `gpioagg`); when nil, the
    /// group's help is printed instead.
    static var defaultSubcommand: (any Command.Type)? { get }
}

extension CommandGroup {
    static var defaultSubcommand: (any Command.Type)? { nil }
}

/// One entry of a `CommandGroup`.
enum Subcommand {
    case command(any Command.Type)
    case group(any CommandGroup.Type)

    var help: CommandHelp {
        switch self {
        case .command(let command): return command.help
        case .group(let group): return group.help
        }
    }
}

/// A command of a command line (`gpioagg check`, `gpioagg sim pulse`): it describes
/// itself for help and usage lines, reads its words into its own fields, and runs.
///
/// Hand-written rather than swift-argument-parser: that one links FoundationEssentials
/// and walks every command with `Mirror`, which costs an idle daemon megabytes of
/// resident pages. Here a command reads its words from a `ParsedArguments` that the
/// declared `CommandHelp` already checked (unknown options, missing values and
/// arguments), and checks only what its own values mean.
///
/// ```swift
/// struct Toggle: Command {
///     static let help = CommandHelp(name: "lamp toggle", abstract: "Switch a lamp over.",
///                                   arguments: [ArgumentSpec("name", help: "The lamp.")])
///     let name: String
///     init(parsing arguments: ParsedArguments) { name = arguments.positional(0) ?? "" }
///     func run() throws { ... }
/// }
/// ```
public protocol Command {
    static var help: CommandHelp { get }

    /// Reads the checked words; throws for a value that means nothing to the command
    /// (`maybe` for a level), naming the word and what is expected.
    init(parsing arguments: ParsedArguments) throws(UsageError)

    /// Does the work. Throwing `ExitCode` ends the process with that status.
    func run() throws
}

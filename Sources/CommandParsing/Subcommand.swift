/// One entry of a `CommandGroup`: a command, or a group of its own.
///
/// ```swift
/// static var subcommands: [Subcommand] { [.command(Serve.self), .group(Light.self)] }
/// ```
public enum Subcommand {
    case command(any Command.Type)
    case group(any CommandGroup.Type)

    public var help: CommandHelp {
        switch self {
        case .command(let command): return command.help
        case .group(let group): return group.help
        }
    }
}

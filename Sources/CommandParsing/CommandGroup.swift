/// A command that only leads to others: the program itself (`gpioagg`), or a family of
/// commands under one word (`gpioagg sim`).
///
/// ```swift
/// enum Lamp: CommandGroup {
///     static let help = CommandHelp(name: "lamp", abstract: "Drive the lamps.")
///     static var subcommands: [Subcommand] { [.command(Serve.self), .group(Light.self)] }
///     static var defaultSubcommand: (any Command.Type)? { Serve.self }   // `lamp` is `lamp serve`
/// }
/// ```
public protocol CommandGroup {
    static var help: CommandHelp { get }
    static var subcommands: [Subcommand] { get }
    /// What runs when the words name no subcommand (`run` for `gpioagg`); when nil, the
    /// group's help is printed instead.
    static var defaultSubcommand: (any Command.Type)? { get }
}

extension CommandGroup {
    public static var defaultSubcommand: (any Command.Type)? { nil }
}

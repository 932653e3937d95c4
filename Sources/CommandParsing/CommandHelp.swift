/// What a command takes and says about itself: the one declaration that both the help
/// page and the argument checks read.
///
/// A command is named by the words that call it, the program's name first, so that its
/// usage line and help page need nothing but this value.
///
/// ```swift
/// CommandHelp(name: "gpioagg check", abstract: "Validate a config file and print its signal graph.",
///             options: [.option("config", valueName: "path", help: "The config file.",
///                               defaultValue: "/etc/gpioagg/gpioagg.yaml")])
/// ```
public struct CommandHelp: Sendable {
    /// The words that call the command, the program's name first (`"gpioagg sim pulse"`);
    /// the program's name alone for the root group (`"gpioagg"`).
    public let name: String
    /// One sentence, shown in the parent's list and atop the help page.
    public let abstract: String
    /// Paragraphs (wrapped) and indented lines (kept as written).
    public let discussion: String
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]

    public init(name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
                options: [OptionSpec] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
    }

    /// The word that picks this command in its group: `pulse` for `gpioagg sim pulse`.
    public var word: String {
        guard let space = name.lastIndex(of: " ") else { return name }
        return String(name[name.index(after: space)...])
    }

    /// The program's name: `gpioagg` for `gpioagg sim pulse`.
    public var program: String {
        String(name.prefix { $0 != " " })
    }

    /// The words after the program's name: `sim pulse`; empty for the program itself.
    var pathAfterProgram: String {
        String(name.drop { $0 != " " }.dropFirst())
    }

    /// Whether this is the root group's help: the program's name alone.
    var isProgram: Bool { !name.contains(" ") }

    /// `gpioagg sim pulse`.
    public var commandLine: String { name }

    /// `gpioagg sim pulse <name> --for <duration> [--control <PATH>]`.
    public var usage: String {
        ([commandLine] + arguments.map(\.usage) + options.map(\.usage)).joined(separator: " ")
    }

    /// `gpioagg sim <subcommand>`, `gpioagg [<subcommand>]` when one is the default.
    public func groupUsage(hasDefault: Bool) -> String {
        commandLine + (hasDefault ? " [<subcommand>]" : " <subcommand>")
    }

    /// `--version` and `-h, --help`, which every command takes.
    public static let standardOptions: [OptionSpec] = [
        .flag("version", help: "Show the version."),
        OptionSpec(name: "help", shortName: "h", valueName: nil, help: "Show help information.",
                   defaultValue: nil, isRequired: false),
    ]
}

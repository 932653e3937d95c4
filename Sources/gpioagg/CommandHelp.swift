/// What a command takes and says about itself: the one declaration that both the help
/// page and the argument checks read.
///
/// ```swift
/// CommandHelp(name: "check", abstract: "Validate a config file and print its signal graph.",
///             options: [.option("config", valueName: "path", help: "The config file.",
///                               defaultValue: "/etc/gpioagg/gpioagg.yaml")])
/// ```
struct CommandHelp {
    /// The words after `gpioagg` that name the command (`"sim pulse"`); empty for
    /// `gpioagg` itself.
    let name: String
    /// One sentence, shown in the parent's list and atop the help page.
    let abstract: String
    /// Paragraphs (wrapped) and indented lines (kept as written).
    let discussion: String
    let arguments: [ArgumentSpec]
    let options: [OptionSpec]

    init(name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
         options: [OptionSpec] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
    }

    /// The word that picks this command in its group: `pulse` for `sim pulse`.
    var word: String {
        guard let space = name.lastIndex(of: " ") else { return name }
        return String(name[name.index(after: space)...])
    }

    /// `gpioagg sim pulse`.
    var commandLine: String { name.isEmpty ? "gpioagg" : "gpioagg " + name }

    /// `gpioagg sim pulse <name> --for <duration> [--control <PATH>]`.
    var usage: String {
        ([commandLine] + arguments.map(\.usage) + options.map(\.usage)).joined(separator: " ")
    }

    /// `gpioagg sim <subcommand>`, `gpioagg [<subcommand>]` when one is the default.
    func groupUsage(hasDefault: Bool) -> String {
        commandLine + (hasDefault ? " [<subcommand>]" : " <subcommand>")
    }

    /// `--version` and `-h, --help`, which every command takes.
    static let standardOptions: [OptionSpec] = [
        .flag("version", help: "Show the version."),
        OptionSpec(name: "help", shortName: "h", valueName: nil, help: "Show help information.",
                   defaultValue: nil, isRequired: false),
    ]
}

/// A positional argument: `<name>`, `[<chip>]`.
struct ArgumentSpec {
    /// Shown between angle brackets: `name`, `on|off`.
    let valueName: String
    let help: String
    /// The words it may be, when they are few: shown after the help as `(values: ...)`.
    let values: [String]
    let isOptional: Bool

    init(_ valueName: String, help: String, values: [String] = [], isOptional: Bool = false) {
        self.valueName = valueName
        self.help = help
        self.values = values
        self.isOptional = isOptional
    }

    var label: String { "<\(valueName)>" }
    var usage: String { isOptional ? "[\(label)]" : label }
}

/// An option that takes a value (`--config <path>`) or a flag (`--json`).
struct OptionSpec {
    /// The long name, without its dashes.
    let name: String
    /// A one-letter name, without its dash (`h` for `-h`).
    let shortName: Character?
    /// Shown between angle brackets; nil for a flag.
    let valueName: String?
    let help: String
    /// Shown after the help as `(default: ...)`.
    let defaultValue: String?
    let isRequired: Bool

    static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, shortName: nil, valueName: nil, help: help, defaultValue: nil, isRequired: false)
    }

    static func option(_ name: String, valueName: String, help: String, defaultValue: String? = nil,
                       isRequired: Bool = false) -> OptionSpec {
        OptionSpec(name: name, shortName: nil, valueName: valueName, help: help, defaultValue: defaultValue,
                   isRequired: isRequired)
    }

    var isFlag: Bool { valueName == nil }
    var longName: String { "--" + name }

    /// `--for <duration>`, `-h, --help`.
    var label: String {
        (shortName.map { "-\($0), " } ?? "") + longName + (valueName.map { " <\($0)>" } ?? "")
    }

    var usage: String {
        let shown = longName + (valueName.map { " <\($0)>" } ?? "")
        return isRequired ? shown : "[\(shown)]"
    }
}

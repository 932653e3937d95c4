/// An option that takes a value (`--config <path>`) or a flag (`--json`).
///
/// ```swift
/// OptionSpec.flag("json", help: "Print JSON.")
/// OptionSpec.option("for", valueName: "duration", help: "How long.", isRequired: true)
/// ```
public struct OptionSpec: Sendable {
    /// The long name, without its dashes.
    public let name: String
    /// A one-letter name, without its dash (`h` for `-h`).
    public let shortName: Character?
    /// Shown between angle brackets; nil for a flag.
    public let valueName: String?
    public let help: String
    /// Shown after the help as `(default: ...)`.
    public let defaultValue: String?
    public let isRequired: Bool

    public init(name: String, shortName: Character?, valueName: String?, help: String, defaultValue: String?,
                isRequired: Bool) {
        self.name = name
        self.shortName = shortName
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
        self.isRequired = isRequired
    }

    /// An option without a value: given or not.
    public static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, shortName: nil, valueName: nil, help: help, defaultValue: nil, isRequired: false)
    }

    /// An option with a value: `--name <valueName>` or `--name=value`.
    public static func option(_ name: String, valueName: String, help: String, defaultValue: String? = nil,
                              isRequired: Bool = false) -> OptionSpec {
        OptionSpec(name: name, shortName: nil, valueName: valueName, help: help, defaultValue: defaultValue,
                   isRequired: isRequired)
    }

    public var isFlag: Bool { valueName == nil }
    /// `--for`.
    public var longName: String { "--" + name }

    /// `--for <duration>`, `-h, --help`.
    public var label: String {
        (shortName.map { "-\($0), " } ?? "") + longName + (valueName.map { " <\($0)>" } ?? "")
    }

    /// `--for <duration>` when required, `[--json]` otherwise.
    public var usage: String {
        let shown = longName + (valueName.map { " <\($0)>" } ?? "")
        return isRequired ? shown : "[\(shown)]"
    }
}

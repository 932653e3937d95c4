/// A positional argument: `<name>`, `[<chip>]`.
///
/// ```swift
/// ArgumentSpec("on|off", help: "on or off.", values: ["on", "off"])   // <on|off>
/// ArgumentSpec("chip", help: "The chip.", isOptional: true)           // [<chip>]
/// ```
public struct ArgumentSpec: Sendable {
    /// Shown between angle brackets: `name`, `on|off`.
    public let valueName: String
    public let help: String
    /// The words it may be, when they are few: shown after the help as `(values: ...)`.
    public let values: [String]
    public let isOptional: Bool

    public init(_ valueName: String, help: String, values: [String] = [], isOptional: Bool = false) {
        self.valueName = valueName
        self.help = help
        self.values = values
        self.isOptional = isOptional
    }

    /// `<name>`.
    public var label: String { "<\(valueName)>" }
    /// `<name>`, or `[<name>]` when it may be left out.
    public var usage: String { isOptional ? "[\(label)]" : label }
}

/// A positional argument: `<name>`, `[<chip>]`.
///
/// ```swift
/// ArgumentSpec("on|off", help: "on or off.", values: ["on", "off"])   // <on|off>
/// ArgumentSpec("chip", help: "The chip.", isOptional: true)           // [<chip>]
/// ArgumentSpec("file", help: "The files.", isRepeating: true)          // <file> ...
/// ```
public struct ArgumentSpec: Sendable {
    /// Shown between angle brackets: `name`, `on|off`.
    public let valueName: String
    public let help: String
    /// The words it may be, when they are few: shown after the help as `(values: ...)`.
    public let values: [String]
    public let isOptional: Bool
    /// Takes every argument left, one at least unless `isOptional`; the last argument only.
    public let isRepeating: Bool

    public init(_ valueName: String, help: String, values: [String] = [], isOptional: Bool = false,
                isRepeating: Bool = false) {
        self.valueName = valueName
        self.help = help
        self.values = values
        self.isOptional = isOptional
        self.isRepeating = isRepeating
    }

    /// `<name>`.
    public var label: String { "<\(valueName)>" }
    /// `<name>`, `[<name>]` when it may be left out, `<name> ...` when it repeats.
    public var usage: String {
        let one = isOptional ? "[\(label)]" : label
        return isRepeating ? one + " ..." : one
    }
}

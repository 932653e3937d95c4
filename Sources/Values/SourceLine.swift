/// The line of a file where something is declared, as people and editors read it:
/// `gpioagg.yaml:12`. What a node's traits say of where it comes from (`NodeTraits`),
/// without the column an error message points at.
///
/// ```swift
/// SourceLine(file: "gpioagg.yaml", line: 12).description   // "gpioagg.yaml:12"
/// ```
public struct SourceLine: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based.
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

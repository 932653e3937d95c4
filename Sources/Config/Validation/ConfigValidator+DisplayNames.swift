extension ConfigValidator {
    /// The key of the name people read, which every input, signal and output takes.
    static let displayNameKey = "name"
    /// Longer than this a name no longer fits Home Assistant's cards or the log's lines.
    static let maximumDisplayNameLength = 100

    /// `name: "Open the gate"`: one line of text, not empty, without control characters,
    /// at most `maximumDisplayNameLength` characters. Any text is taken as written (quote
    /// it when it holds `:` or `#`); identifiers stay the entry's key.
    mutating func displayName(_ entry: SourceNode.Entry, in what: String) -> String? {
        let shape = "name: is the name people read, one line of text, e.g. name: \"Open the gate\""
        let text: String
        switch entry.value.content {
        case .scalar(let value, _):
            text = value
        case .reported:
            return nil
        case .null:
            report(entry.keyLocation, "name: in \(what) has no value", hint: shape + "; or leave name: out")
            return nil
        default:
            report(entry.value.location, "name: in \(what) must be text, found \(entry.value.kindDescription)",
                   hint: shape)
            return nil
        }
        if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            report(entry.value.location, "name: in \(what) is empty",
                   hint: shape + "; or leave name: out to show the identifier made readable")
            return nil
        }
        if text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            report(entry.value.location, "name: in \(what) has more than one line",
                   hint: "write the name on one line, e.g. name: \"Open the gate\"")
            return nil
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            report(entry.value.location, "name: in \(what) has a control character",
                   hint: "write the name with printable characters only")
            return nil
        }
        if text.count > Self.maximumDisplayNameLength {
            report(entry.value.location, "name: in \(what) is longer than \(Self.maximumDisplayNameLength) characters",
                   hint: "shorten it; a longer description belongs in a comment")
            return nil
        }
        return text
    }
}

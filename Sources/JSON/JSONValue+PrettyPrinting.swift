extension JSONValue {
    /// JSON on several lines, for files that people review and diff (golden files): one
    /// member or element per line, indented by two spaces per level, `": "` after each
    /// key, members in their stored order, empty containers as `{}` and `[]`, no newline
    /// at the end. Strings are escaped as in `serialized`, so the same value always gives
    /// the same bytes.
    ///
    /// ```swift
    /// JSONValue.object(JSONObject(["name": .string("door"), "types": .array([.string("press")])])).prettyPrinted
    /// // {
    /// //   "name": "door",
    /// //   "types": [
    /// //     "press"
    /// //   ]
    /// // }
    /// ```
    public var prettyPrinted: String {
        var out = ""
        writePretty(to: &out, indent: "")
        return out
    }

    private func writePretty(to out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .array(let elements) where !elements.isEmpty:
            out += "[\n"
            for (position, element) in elements.enumerated() {
                if position > 0 { out += ",\n" }
                out += inner
                element.writePretty(to: &out, indent: inner)
            }
            out += "\n" + indent + "]"
        case .object(let object) where object.count > 0:
            out += "{\n"
            for (position, member) in object.members.enumerated() {
                if position > 0 { out += ",\n" }
                out += inner
                Self.writeString(member.key, to: &out)
                out += ": "
                member.value.writePretty(to: &out, indent: inner)
            }
            out += "\n" + indent + "}"
        default:
            out += serialized
        }
    }
}

extension JSONValue {
    /// How a document is laid out on its one line.
    public enum Layout: Sendable {
        /// No spaces: `{"ok":true,"ids":[1,2]}`, the control protocol's.
        case compact
        /// A space after each `:` and `,`: `{"ok": true, "ids": [1, 2]}`, for people and
        /// the scripts that read the commands' `--json`.
        case spaced
    }

    /// Compact JSON on one line (no newline), members in their stored order. Control
    /// characters, quotes and backslashes are escaped; everything else is written as
    /// UTF-8, so the result never contains a raw newline and can be framed by lines.
    ///
    /// ```swift
    /// JSONValue.object(JSONObject(["ok": .bool(true)])).serialized   // {"ok":true}
    /// ```
    public var serialized: String { serialized(.compact) }

    /// JSON on one line (no newline) in `layout`, members in their stored order.
    ///
    /// ```swift
    /// JSONValue.object(JSONObject(["ok": .bool(true), "ids": .array([.number(1)])])).serialized(.spaced)
    /// // {"ok": true, "ids": [1]}
    /// ```
    public func serialized(_ layout: Layout) -> String {
        var out = ""
        write(to: &out, separators: layout == .compact ? (",", ":") : (", ", ": "))
        return out
    }

    private func write(to out: inout String, separators: (element: String, key: String)) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += Self.numberText(value)
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let elements):
            out += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { out += separators.element }
                element.write(to: &out, separators: separators)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (position, member) in object.members.enumerated() {
                if position > 0 { out += separators.element }
                Self.writeString(member.key, to: &out)
                out += separators.key
                member.value.write(to: &out, separators: separators)
            }
            out += "}"
        }
    }

    /// Whole numbers without a fraction (`50`, not `50.0`); JSON has no infinity or NaN,
    /// so those become `null`.
    package static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(describing: value)
    }

    static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20:
                let digits = String(control.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

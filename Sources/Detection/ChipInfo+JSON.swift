import GPIO
import JSON

extension ChipInfo {
    /// `{"name": ..., "path": ..., "label": ..., "lines": N}`.
    public var json: JSONValue {
        .object(JSONObject([
            "name": .string(name), "path": .string(path), "label": .string(label), "lines": .number(Double(lineCount)),
        ]))
    }
}

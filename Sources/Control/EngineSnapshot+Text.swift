import Engine

extension EngineSnapshot {
    /// One section per kind, one line per name (sorted): the name, then on or off.
    public var table: String {
        let width = [inputs, signals, outputs].flatMap(\.keys).map(\.count).max() ?? 0
        var lines: [String] = []
        for (title, levels) in [("INPUTS", inputs), ("SIGNALS", signals), ("OUTPUTS", outputs)] {
            lines.append(title)
            if levels.isEmpty { lines.append("  (none)") }
            for name in levels.keys.sorted() {
                lines.append("  " + name + String(repeating: " ", count: width - name.count + 2)
                    + (levels[name]! ? "on" : "off"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `{"inputs": {NAME: true|false}, "signals": {...}, "outputs": {...}}`, names sorted:
    /// what `gpioagg status --json` prints.
    ///
    /// ```swift
    /// EngineSnapshot(inputs: ["switch1": true], signals: [:], outputs: [:]).json.serialized(.spaced)
    /// // {"inputs": {"switch1": true}, "signals": {}, "outputs": {}}
    /// ```
    public var json: JSONValue {
        func levels(_ names: [String: Bool]) -> JSONValue {
            .object(JSONObject(names.keys.sorted().map { ($0, JSONValue.bool(names[$0]!)) }))
        }
        return .object(JSONObject(["inputs": levels(inputs), "signals": levels(signals), "outputs": levels(outputs)]))
    }
}

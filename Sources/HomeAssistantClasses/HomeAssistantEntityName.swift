/// The name people read for an entity in Home Assistant: the config's `name:` when it
/// gives one, else the node's identifier made readable: `front_door` becomes
/// "Front door", `gate-2` becomes "Gate 2". Entity ids do not follow it: they stay
/// `<platform>.<node>_<identifier>`.
///
/// ```swift
/// HomeAssistantEntityName.readable("front_door")          // "Front door"
/// HomeAssistantEntityName.name(nil, for: "porch_light")   // "Porch light"
/// HomeAssistantEntityName.name("Open the gate", for: "gate_open")  // "Open the gate"
/// ```
public enum HomeAssistantEntityName {
    /// `identifier` with `_` and `-` as spaces, runs of them as one, none at either end,
    /// and its first letter upper-cased (ASCII only; nothing else changes case).
    public static func readable(_ identifier: String) -> String {
        var words: [Substring] = []
        for word in identifier.split(whereSeparator: { $0 == "_" || $0 == "-" }) {
            words.append(word)
        }
        guard !words.isEmpty else { return identifier }
        var text = words.joined(separator: " ")
        if let first = text.unicodeScalars.first, ("a"..."z").contains(first),
           let upper = Unicode.Scalar(first.value - 32) {
            text = String(upper) + String(text.unicodeScalars.dropFirst())
        }
        return text
    }

    /// The config's `name:`, else `readable(identifier)`.
    public static func name(_ configured: String?, for identifier: String) -> String {
        configured ?? readable(identifier)
    }
}

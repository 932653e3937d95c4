extension ConfigSummary {
    /// Home Assistant's binary-sensor classes whose `on` reads as open.
    static let openingClasses: Set<String> = ["door", "garage_door", "window", "opening"]

    /// What `check` warns of in a valid config, each once, at its place, with the fix:
    /// an input whose name says it is on while closed (`door_closed`, `gate_shut`) given a
    /// class that Home Assistant shows as open while on, so that Home Assistant would show
    /// the door open while it is closed.
    ///
    /// ```
    /// warning: gpioagg.yaml:4:3: input 'door_closed' has device_class: door, which Home Assistant shows as open while on; its name says it is on while closed
    /// hint: show its opposite: door_closed: { ..., internal: true } and a signal front_door: { not: door_closed, device_class: door }
    /// ```
    public static func warnings(of configuration: Configuration) -> [String] {
        var named: [(name: String, deviceClass: String?, location: SourceLocation)] = []
        named += configuration.inputs.map { ($0.name, $0.deviceClass, $0.location) }
        named += configuration.remoteInputs.map { ($0.name, $0.deviceClass, $0.location) }
        named += configuration.commandInputs.map { ($0.name, $0.deviceClass, $0.location) }
        named += configuration.signals.map { ($0.name, $0.deviceClass, $0.location) }
        var lines: [String] = []
        for node in named {
            guard let deviceClass = node.deviceClass, openingClasses.contains(deviceClass),
                  saysClosed(node.name) else { continue }
            let opposite = openName(for: node.name)
            lines.append("warning: \(node.location): '\(node.name)' has device_class: \(deviceClass), which Home Assistant "
                + "shows as open while on; its name says it is on while closed")
            lines.append("hint: show its opposite: keep '\(node.name)' without device_class: (and internal: true), "
                + "and add a signal \(opposite): { not: \(node.name), device_class: \(deviceClass) }")
        }
        return lines
    }

    /// Whether a name's words say closed: `door_closed`, `gate-shut`, `ClosedDoor`.
    static func saysClosed(_ name: String) -> Bool {
        words(of: name).contains { $0 == "closed" || $0 == "shut" || $0 == "close" }
    }

    /// `door_closed` → `door_open`; a name without such a word gets `_open` added.
    static func openName(for name: String) -> String {
        let parts = name.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        let replaced = parts.map { ["closed", "shut", "close"].contains($0.lowercased()) ? "open" : $0 }
        return replaced == parts ? name + "_open" : replaced.joined(separator: "_")
    }

    /// The lowercase words of an identifier, split at `_`, `-` and a lowercase letter
    /// followed by an uppercase one.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for character in name {
            if character == "_" || character == "-" {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                previousLower = false
                continue
            }
            if character.isUppercase, previousLower {
                words.append(current.lowercased())
                current = ""
            }
            current.append(character)
            previousLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}

import JSON

extension HomeAssistantDiscovery {
    /// Every problem Home Assistant would have with these entities, in order: the
    /// node's name and prefixes, then each entity's name, device class and click count.
    /// Empty when every config will be accepted.
    ///
    /// Home Assistant's discovery takes node and object ids of letters, digits, `_` and
    /// `-` only (its topic pattern; any other topic is ignored with a warning), refuses
    /// an entity whose `device_class` is not in its list, and wants topics without
    /// wildcards.
    public var problems: [DiscoveryProblem] {
        var problems: [DiscoveryProblem] = []
        if !Self.isDiscoveryID(node.name) {
            problems.append(DiscoveryProblem(subject: .node, message: "node name \(quoted(node.name)) "
                + "can only hold letters, digits, '_' and '-' (Home Assistant ignores other discovery topics)"))
        }
        if let reason = Self.topicPrefixProblem(node.topicPrefix) {
            problems.append(DiscoveryProblem(subject: .topicPrefix,
                                             message: "topic prefix \(quoted(node.topicPrefix)) \(reason)"))
        }
        if let reason = Self.topicPrefixProblem(node.discoveryPrefix) {
            problems.append(DiscoveryProblem(subject: .discoveryPrefix,
                                             message: "discovery prefix \(quoted(node.discoveryPrefix)) \(reason)"))
        }
        // By unique id: a counter's sensor and its reset button share a name, not an id.
        var seen: Set<String> = []
        for entity in entities {
            problems += entityProblems(entity, isRepeated: !seen.insert(node.uniqueID(for: entity)).inserted)
        }
        return problems
    }

    private func entityProblems(_ entity: HomeAssistantEntity, isRepeated: Bool) -> [DiscoveryProblem] {
        var problems: [DiscoveryProblem] = []
        func add(_ message: String) { problems.append(DiscoveryProblem(subject: .entity(entity.name), message: message)) }
        if !Self.isDiscoveryID(entity.name) {
            add("name \(quoted(entity.name)) can only hold letters, digits, '_' and '-' for Home Assistant")
        }
        if isRepeated {
            add("\(quoted(entity.name)) is published twice: its unique_id \(quoted(node.uniqueID(for: entity))) would clash")
        }
        if entity.name == "status" {
            add("\(quoted(entity.name)) would publish on the node's availability topic "
                + "\(quoted(node.availabilityTopic)); rename it")
        }
        if let deviceClass = entity.deviceClass, !entity.component.deviceClasses.contains(deviceClass) {
            let classes = entity.component.deviceClasses
            add("device_class \(quoted(deviceClass)) of \(quoted(entity.name)) is not one Home Assistant accepts for "
                + "a \(entity.component.rawValue)"
                + (classes.isEmpty ? " (it takes none)" : ": " + classes.joined(separator: ", ")))
        }
        if case .click(let count) = entity.kind, count < 1 {
            add("click \(quoted(entity.name)) has a count of \(count); a click has at least 1 press")
        }
        return problems
    }

    /// Home Assistant's `[a-zA-Z0-9_-]+` for the node and object ids of a discovery topic.
    static func isDiscoveryID(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-": return true
            default: return false
            }
        }
    }

    /// Why a prefix cannot start MQTT topic names, or nil: it must not be empty, hold a
    /// wildcard, a control character, or an empty level (a leading, trailing or double
    /// `/`, almost always a typo that splits the topics from what Home Assistant reads).
    static func topicPrefixProblem(_ prefix: String) -> String? {
        if prefix.isEmpty { return "is empty" }
        if prefix.contains("+") || prefix.contains("#") { return "holds an MQTT wildcard ('+' or '#')" }
        if prefix.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "holds a control character"
        }
        if prefix.split(separator: "/", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            return "has an empty level (a leading, trailing or double '/')"
        }
        return nil
    }
}

private func quoted(_ text: String) -> String { text.singleQuoted }

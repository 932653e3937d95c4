extension ConfigValidator {
    /// With `mqtt:`, every topic this node publishes or reads has one owner. The topics
    /// are `<prefix>/<node>/<name>` (each input, signal and output), `<name>/set` under it
    /// (command inputs) and `<prefix>/<node>/status` (online/offline). A name `status`
    /// would put a value on the status topic, so Home Assistant and the nodes that follow
    /// this one would read `ON` where they wait for `online`; a remote input that follows
    /// one of this node's own topics would read back this node's own values, its
    /// commands or its status instead of another publisher's.
    mutating func checkTopics() {
        guard !mqttSectionMissing else { return }
        for declared in declaredNames where declared.name == Self.statusName {
            let topic = mqtt.map { " '\($0.statusTopic)'" } ?? ""
            report(declared.location,
                   "\(declared.kind.rawValue) '\(declared.name)' would publish its value on this node's status "
                       + "topic\(topic), where Home Assistant and other nodes read online or offline",
                   hint: "rename it: '\(Self.statusName)' is the one name a node keeps for itself, e.g. "
                       + "\(declared.name)_\(declared.kind.rawValue)")
        }
        guard let mqtt else { return }
        // Every topic of this node and what owns it, as the bridge builds them.
        var owners: [String: String] = [mqtt.statusTopic: "this node's status topic (online/offline)"]
        for declared in declaredNames where declared.name != Self.statusName {
            let topic = mqtt.topic(of: declared.name)
            if owners[topic] == nil { owners[topic] = "the state topic of this node's \(declared.kind.rawValue) '\(declared.name)'" }
        }
        for input in commandInputs {
            owners[mqtt.topic(of: input.name) + "/set"] = "the command topic of this node's command input '\(input.name)'"
        }
        for input in remoteInputs {
            guard let owner = owners[input.topic] else { continue }
            let hint = input.topic == mqtt.statusTopic
                ? "a remote input follows another publisher's value, e.g. topic: \(mqtt.prefix)/shed/door_open"
                : "a remote input follows another publisher's value; use this node's own inputs and signals by name "
                    + "(e.g. any: [a, b]), and set a command input with gpioagg set or its /set topic"
            report(input.topicLocation, "topic: '\(input.topic)' of input '\(input.name)' is \(owner)", hint: hint)
        }
    }

    /// The last level of the node's online/offline topic.
    static let statusName = "status"
}

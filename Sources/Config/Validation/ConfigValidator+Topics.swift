import HomeAssistantClasses
import MQTTCore

extension ConfigValidator {
    /// With `mqtt:`, every topic this node publishes or reads has one owner. The topics
    /// are `<prefix>/<node>/<name>` (each input, signal, output and cover), `<name>/set`
    /// under it (command inputs, counters, outputs with `command: true`, covers),
    /// `<name>/available` under it (numbers: online/offline), `<name>/position` and
    /// `<name>/position/set` (covers on two motors), `<name>/state` (PWM lights and fans:
    /// ON/OFF),
    /// `<prefix>/<node>/status` (online/offline) and, with discovery,
    /// `<discovery>/<platform>/<node>/<name>/config` and Home Assistant's
    /// `<discovery>/status`. A name `status` would put a value on the status topic, so
    /// Home Assistant and the nodes that follow this one would read `ON` where they wait
    /// for `online`; a remote input that follows one of this node's own topics would read
    /// back this node's own values, configs or status, or never see a message the bridge
    /// hands to a command input or to Home Assistant's birth first.
    mutating func checkTopics() {
        guard !mqttSectionMissing else { return }
        for declared in declaredNames where declared.name == TopicLayout.statusLevel {
            let topic = mqtt.map { " '\($0.topics.statusTopic)'" } ?? ""
            report(declared.location,
                   "\(declared.kind.rawValue) '\(declared.name)' would publish its value on this node's status "
                       + "topic\(topic), where Home Assistant and other nodes read online or offline",
                   hint: "rename it: '\(TopicLayout.statusLevel)' is the one name a node keeps for itself, e.g. "
                       + "\(declared.name)_\(declared.kind.rawValue)")
        }
        guard let mqtt else { return }
        // Every topic of this node and what owns it, as the bridge builds them.
        var owners: [String: String] = [mqtt.topics.statusTopic: "this node's status topic (online/offline)"]
        for declared in declaredNames where declared.name != TopicLayout.statusLevel {
            let topic = mqtt.topics.stateTopic(of: declared.name)
            if owners[topic] == nil { owners[topic] = "the state topic of this node's \(declared.kind.rawValue) '\(declared.name)'" }
        }
        for input in commandInputs {
            owners[mqtt.topics.commandTopic(of: input.name)] = "the command topic of this node's command input '\(input.name)'"
        }
        for output in outputs where output.declaration.command {
            owners[mqtt.topics.commandTopic(of: output.declaration.name)] =
                "the command topic of this node's output '\(output.declaration.name)' (command: true)"
        }
        for output in pwmOutputs.map(\.declaration) {
            if output.command {
                owners[mqtt.topics.commandTopic(of: output.name)] =
                    "the command topic of this node's PWM output '\(output.name)' (command: true)"
            }
            // A light or a fan says ON/OFF on a topic of its own; a number or a sensor
            // has a number's availability topic.
            if output.command && output.entity != .number {
                owners[mqtt.topics.onOffTopic(of: output.name)] =
                    "the on/off topic of this node's PWM output '\(output.name)' (Home Assistant's \(output.entity.rawValue))"
            } else {
                owners[mqtt.topics.availabilityTopic(of: output.name)] =
                    "the availability topic of this node's PWM output '\(output.name)' (online/offline)"
            }
        }
        for signal in signals {
            guard case .count = signal.declaration.expression else { continue }
            owners[mqtt.topics.commandTopic(of: signal.declaration.name)] =
                "the command topic of this node's counter '\(signal.declaration.name)' (its total)"
        }
        for cover in covers.map(\.declaration) {
            owners[mqtt.topics.commandTopic(of: cover.name)] = "the command topic of this node's cover '\(cover.name)'"
            guard cover.hasPosition else { continue }
            owners[mqtt.topics.positionTopic(of: cover.name)] = "the position topic of this node's cover '\(cover.name)'"
            owners[mqtt.topics.positionCommandTopic(of: cover.name)] =
                "the position command topic of this node's cover '\(cover.name)'"
        }
        for name in valueKinds.keys.sorted() where valueKinds[name] == .number {
            owners[mqtt.topics.availabilityTopic(of: name)] = "the availability topic of this node's number '\(name)' "
                + "(online/offline)"
        }
        if let discovery = mqtt.discovery {
            owners[DiscoveryTopics(prefix: discovery).birthTopic] = "Home Assistant's status topic, which this node reads to announce "
                + "itself again when Home Assistant starts (discovery: \(discovery))"
        }
        for input in remoteInputs {
            guard let owner = owners[input.topic] ?? discoveryConfigOwner(input.topic, mqtt: mqtt) else { continue }
            report(input.topicLocation, "topic: '\(input.topic)' of input '\(input.name)' is \(owner)",
                   hint: Self.ownTopicHint(input.topic, mqtt: mqtt))
        }
    }

    private static func ownTopicHint(_ topic: String, mqtt: MQTTDeclaration) -> String {
        if let discovery = mqtt.discovery, topic == DiscoveryTopics(prefix: discovery).birthTopic {
            return "this node reads it while discovery: is on; with discovery: false under mqtt:, a remote input can follow it"
        }
        if topic == mqtt.topics.statusTopic {
            return "a remote input follows another publisher's value, e.g. topic: \(mqtt.prefix)/shed/door_open"
        }
        return "a remote input follows another publisher's value; use this node's own inputs and signals by name "
            + "(e.g. any: [a, b]), and set a command input with gpioagg set or its /set topic"
    }

    /// What owns `topic` when it is one of this node's discovery configs,
    /// `<discovery>/<platform>/<node>/<name>/config`, or nil.
    private func discoveryConfigOwner(_ topic: String, mqtt: MQTTDeclaration) -> String? {
        guard let discovery = mqtt.discovery,
              let name = DiscoveryTopics(prefix: discovery).entityName(ofConfigTopic: topic, node: mqtt.node),
              let declared = declaredNames.first(where: { $0.name == name }) else { return nil }
        return "the Home Assistant discovery config of this node's \(declared.kind.rawValue) '\(declared.name)'"
    }
}

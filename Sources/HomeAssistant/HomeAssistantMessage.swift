/// One MQTT message for the bridge to publish: what this module decides, as data. An
/// empty `payload` with `retain` set deletes the retained message of its topic.
///
/// ```swift
/// HomeAssistantMessage(topic: "gpioagg/garage/status", payload: "online", retain: true)
/// ```
public struct HomeAssistantMessage: Hashable, Sendable, CustomStringConvertible {
    public var topic: String
    public var payload: String
    public var retain: Bool

    public init(topic: String, payload: String, retain: Bool) {
        self.topic = topic
        self.payload = payload
        self.retain = retain
    }

    /// A retained empty message: it clears what the broker keeps for `topic`, and, on a
    /// discovery config topic, removes the entity from Home Assistant.
    public static func clearing(_ topic: String) -> HomeAssistantMessage {
        HomeAssistantMessage(topic: topic, payload: "", retain: true)
    }

    public var description: String {
        "\(topic) \(payload.isEmpty ? "(empty)" : payload)\(retain ? " (retained)" : "")"
    }
}

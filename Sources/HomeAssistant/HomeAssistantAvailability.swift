/// The node's availability payloads, stated in every discovery config
/// (`payload_available`, `payload_not_available`) and published on
/// `HomeAssistantNode.availabilityTopic`: `online` once connected, `offline` as the MQTT
/// will and before an orderly disconnect. They are Home Assistant's defaults, written out
/// so that the payload and the bridge share one constant.
public enum HomeAssistantAvailability {
    public static let online = "online"
    public static let offline = "offline"

    /// `online` or `offline`.
    public static func payload(online: Bool) -> String { online ? Self.online : Self.offline }
}

extension HomeAssistantNode {
    /// The retained availability message: `online` or `offline` on `availabilityTopic`.
    /// `availabilityMessage(online: false)` is also the MQTT will.
    public func availabilityMessage(online: Bool) -> HomeAssistantMessage {
        HomeAssistantMessage(topic: availabilityTopic, payload: HomeAssistantAvailability.payload(online: online),
                             retain: true)
    }

    /// The retained message saying whether a numeric entity's value is available:
    /// `online` or `offline` on `availabilityTopic(for:)`; nil for the other kinds.
    ///
    /// ```swift
    /// node.availabilityMessage(for: inside, available: false)   // gpioagg/garage/inside/available offline (retained)
    /// ```
    public func availabilityMessage(for entity: HomeAssistantEntity, available: Bool) -> HomeAssistantMessage? {
        availabilityTopic(for: entity).map { topic in
            HomeAssistantMessage(topic: topic, payload: HomeAssistantAvailability.payload(online: available),
                                 retain: true)
        }
    }
}

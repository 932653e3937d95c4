/// The node's availability payloads, stated in every discovery config
/// (`payload_available`, `payload_not_available`) and published on
/// `HomeAssistantNode.availabilityTopic`: `online` once connected, `offline` as the MQTT
/// will and before an orderly disconnect. They are Home Assistant's defaults, written out
/// so that the payload and the bridge share one constant.
public enum HomeAssistantAvailability {
    public static let online = "online"
    public static let offline = "offline"
}

extension HomeAssistantNode {
    /// The retained availability message: `online` or `offline` on `availabilityTopic`.
    /// `availabilityMessage(online: false)` is also the MQTT will.
    public func availabilityMessage(online: Bool) -> HomeAssistantMessage {
        HomeAssistantMessage(topic: availabilityTopic,
                             payload: online ? HomeAssistantAvailability.online : HomeAssistantAvailability.offline,
                             retain: true)
    }
}

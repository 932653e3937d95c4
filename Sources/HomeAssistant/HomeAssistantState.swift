import JSON

/// The state payloads: `ON`/`OFF` for binary sensors and switches (written out in every
/// config as `payload_on`/`payload_off`, Home Assistant's defaults), and the event
/// JSON of a click.
public enum HomeAssistantState {
    public static let on = "ON"
    public static let off = "OFF"
}

extension HomeAssistantNode {
    /// The retained `ON`/`OFF` message of a binary sensor or switch; nil for a click,
    /// which has no level (`eventMessage(for:)`).
    public func stateMessage(for entity: HomeAssistantEntity, isOn: Bool) -> HomeAssistantMessage? {
        guard entity.component != .event else { return nil }
        return HomeAssistantMessage(topic: stateTopic(for: entity),
                                    payload: isOn ? HomeAssistantState.on : HomeAssistantState.off, retain: true)
    }

    /// The message of one activation of a click: `{"event_type":"double"}`, not
    /// retained (Home Assistant 2023.12 fires a retained event again each time it
    /// subscribes; later versions discard replayed ones). Nil for the other kinds.
    public func eventMessage(for entity: HomeAssistantEntity) -> HomeAssistantMessage? {
        guard let eventType = entity.eventTypes.first else { return nil }
        return HomeAssistantMessage(topic: stateTopic(for: entity),
                                    payload: JSONValue.object(JSONObject(["event_type": .string(eventType)])).serialized,
                                    retain: false)
    }
}

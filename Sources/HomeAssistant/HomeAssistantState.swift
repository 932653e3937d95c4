import JSON
import Values

/// The state payloads: `ON`/`OFF` for binary sensors and switches (written out in every
/// config as `payload_on`/`payload_off`, Home Assistant's defaults), a decimal at the
/// node's precision for a number, and the event JSON of a click.
public enum HomeAssistantState {
    public static let on = "ON"
    public static let off = "OFF"
}

extension HomeAssistantNode {
    /// The retained state message of an entity: `ON`/`OFF` for a level, the number at
    /// `precision` decimal places (`27.50`) for a number. Nil for a click, which has no
    /// level (`eventMessage(for:)`), and for unavailable, which is no state: a retained
    /// state stays what it was, and availability says the value is gone. A number that is
    /// not finite is no state either: `inf` or `nan` is never published (the engine makes
    /// such a value unavailable before it gets here).
    ///
    /// ```swift
    /// node.stateMessage(for: door, value: .on)?.payload                    // "ON"
    /// node.stateMessage(for: air, value: .number(21.456, "°C"), precision: 1)?.payload   // "21.5"
    /// ```
    public func stateMessage(for entity: HomeAssistantEntity, value: NodeValue,
                             precision: Int = NodeValue.defaultPrecision) -> HomeAssistantMessage? {
        // An event has activations, a button presses: neither has a state.
        guard entity.component != .event, entity.component != .button else { return nil }
        let payload: String
        switch value {
        case .level(let on): payload = on ? HomeAssistantState.on : HomeAssistantState.off
        case .number(let number, _) where !number.isFinite: return nil
        case .number(let number, _): payload = DecimalText.format(number, places: precision)
        case .cover(let state, _): payload = state.rawValue
        case .unavailable: return nil
        }
        return HomeAssistantMessage(topic: stateTopic(for: entity), payload: payload, retain: true)
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

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

    /// The retained attributes of a counter with a `period:`: the period, when the one it
    /// counts began (local ISO 8601; null until the clock is trusted) and the total of
    /// the one before at the counter's precision (null until one ended). Nil for entities
    /// without attributes.
    ///
    /// ```swift
    /// node.attributesMessage(for: rainToday, period: totals, precision: 1)?.payload
    /// // {"period":"day","period_start":"2026-06-22T00:00:00+02:00","last_period_total":3.4}
    /// ```
    public func attributesMessage(for entity: HomeAssistantEntity, period: PeriodTotals,
                                  precision: Int = NodeValue.defaultPrecision) -> HomeAssistantMessage? {
        guard let topic = attributesTopic(for: entity) else { return nil }
        var attributes = JSONObject()
        attributes.set("period", .string(period.period))
        attributes.set("period_start", period.startText.map { .string($0) } ?? .null)
        attributes.set("last_period_total", period.last.flatMap { last in
            DecimalText.parse(DecimalText.format(last, places: precision)).map { .number($0) }
        } ?? .null)
        return HomeAssistantMessage(topic: topic, payload: JSONValue.object(attributes).serialized, retain: true)
    }

    /// The retained mode of an output's override on its select's state topic (`auto`,
    /// `on` or `off`); nil for any other entity.
    public func modeMessage(for entity: HomeAssistantEntity, mode: OverrideMode) -> HomeAssistantMessage? {
        guard entity.kind == .overrideMode else { return nil }
        return HomeAssistantMessage(topic: stateTopic(for: entity), payload: mode.rawValue, retain: true)
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

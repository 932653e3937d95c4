import Values

/// A cover's payloads as Home Assistant's MQTT cover speaks them, written out in every
/// cover's discovery config so that the config says what the bridge reads and publishes:
/// the commands on its `/set` topic (`OPEN`, `CLOSE`, `STOP`, Home Assistant's defaults),
/// its states (`CoverState`'s raw values, Home Assistant's defaults too), and for a cover
/// with a position the whole percentages of its ends (`position_open` 100,
/// `position_closed` 0: `CoverCommand.positions`).
public enum HomeAssistantCover {
    public static let open = "OPEN"
    public static let close = "CLOSE"
    public static let stop = "STOP"
    public static let positionOpen = Int(CoverCommand.positions.upperBound)
    public static let positionClosed = Int(CoverCommand.positions.lowerBound)

    /// The payload Home Assistant sends for `command`: `OPEN`, `CLOSE`, `STOP`, or the
    /// whole percentage of a position (`40`), as its `set_position_topic` carries it.
    ///
    /// ```swift
    /// HomeAssistantCover.payload(for: .stop)           // "STOP"
    /// HomeAssistantCover.payload(for: .position(40))   // "40"
    /// ```
    public static func payload(for command: CoverCommand) -> String {
        switch command {
        case .open: open
        case .close: close
        case .stop: stop
        case .position(let position): String(percent(position))
        }
    }

    /// A position as the whole percentage Home Assistant reads (it rounds what it reads
    /// to a whole number anyway): rounded half away from zero, within 0 to 100.
    ///
    /// ```swift
    /// HomeAssistantCover.percent(39.6)   // 40
    /// ```
    public static func percent(_ position: Double) -> Int {
        Int(min(max(position, CoverCommand.positions.lowerBound), CoverCommand.positions.upperBound).rounded())
    }
}

extension HomeAssistantNode {
    /// The retained messages of a cover's state: its state (`open`, `opening`, `closed`,
    /// `closing`, `stopped`) on its state topic, then for a cover with a position, when
    /// the position is known, the whole percentage on its position topic. Empty for the
    /// other kinds.
    ///
    /// ```swift
    /// node.coverMessages(for: blinds, state: .opening, position: 42.4)
    /// // [gpioagg/garage/blinds opening (retained), gpioagg/garage/blinds/position 42 (retained)]
    /// ```
    public func coverMessages(for entity: HomeAssistantEntity, state: CoverState,
                              position: Double?) -> [HomeAssistantMessage] {
        guard entity.component == .cover else { return [] }
        var messages = [HomeAssistantMessage(topic: stateTopic(for: entity), payload: state.rawValue, retain: true)]
        if let topic = positionTopic(for: entity), let position {
            messages.append(HomeAssistantMessage(topic: topic, payload: String(HomeAssistantCover.percent(position)),
                                                 retain: true))
        }
        return messages
    }
}

extension HomeAssistantDiscovery {
    /// What to publish after a reload so that Home Assistant and the broker forget what
    /// went away: empty retained messages, first on the discovery config topics of the
    /// entities that are gone (Home Assistant removes the entity, and the device with
    /// its last one), then on their state topics (the broker drops the retained value)
    /// and, for a number, its own availability topic, for a cover with a position, its
    /// position topic, for a PWM light or fan, its on/off topic, then on the old
    /// availability topic if the node's changed. Each
    /// list is in the previous config's order.
    ///
    /// An entity that stays but changes platform (an input becoming a command input: a
    /// `binary_sensor` becomes a `switch`) has its old config cleared and keeps its state
    /// topic; a topic still in use is never cleared. A number that becomes a level loses
    /// its availability topic, a cover that loses its motors its position topic. Command
    /// topics carry nothing
    /// retained (Home Assistant's `retain` defaults to false), so there is nothing to
    /// clear there.
    ///
    /// ```swift
    /// after.removals(since: before)
    /// // [homeassistant/binary_sensor/garage/old_door/config (empty) (retained),
    /// //  gpioagg/garage/old_door (empty) (retained)]
    /// ```
    public func removals(since previous: HomeAssistantDiscovery) -> [HomeAssistantMessage] {
        let configTopics = Set(entities.map { node.configTopic(for: $0) })
        let stateTopics = Set(entities.flatMap { node.retainedTopics(for: $0) })
        var cleared: Set<String> = []
        var configs: [HomeAssistantMessage] = []
        var states: [HomeAssistantMessage] = []
        for entity in previous.entities {
            let config = previous.node.configTopic(for: entity)
            if !configTopics.contains(config), cleared.insert(config).inserted {
                configs.append(.clearing(config))
            }
            for topic in previous.node.retainedTopics(for: entity)
            where !stateTopics.contains(topic) && cleared.insert(topic).inserted {
                states.append(.clearing(topic))
            }
        }
        var availability: [HomeAssistantMessage] = []
        if previous.node.availabilityTopic != node.availabilityTopic {
            availability.append(.clearing(previous.node.availabilityTopic))
        }
        return configs + states + availability
    }
}

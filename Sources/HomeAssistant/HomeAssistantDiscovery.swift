/// Everything one node publishes for Home Assistant: the node and its entities, in the
/// config's order. A reload makes a new one; `removals(since:)` compares it with the
/// last.
///
/// ```swift
/// let discovery = HomeAssistantDiscovery(node: node, entities: [door, gate, double])
/// discovery.problems                 // [] when Home Assistant will take every entity
/// discovery.configMessages           // one retained config per entity
/// discovery.removals(since: before)  // what to clear after a reload
/// ```
public struct HomeAssistantDiscovery: Hashable, Sendable {
    public var node: HomeAssistantNode
    public var entities: [HomeAssistantEntity]

    public init(node: HomeAssistantNode, entities: [HomeAssistantEntity]) {
        self.node = node
        self.entities = entities
    }

    /// The retained discovery config of every entity, in order: publish them on connect
    /// and again after Home Assistant's birth.
    public var configMessages: [HomeAssistantMessage] {
        entities.map { node.configMessage(for: $0) }
    }
}

/// Where Home Assistant's discovery lives under a discovery prefix: each entity's config
/// topic and Home Assistant's birth topic. Plain data, so that the config's topic checks
/// and the publisher build and read them the same way.
///
/// ```swift
/// let topics = DiscoveryTopics(prefix: "homeassistant")
/// topics.configTopic(component: .switch, node: "garage", name: "gate")   // "homeassistant/switch/garage/gate/config"
/// topics.entityName(ofConfigTopic: "homeassistant/switch/garage/gate/config", node: "garage")   // "gate"
/// topics.birthTopic                                                      // "homeassistant/status"
/// ```
public struct DiscoveryTopics: Hashable, Sendable {
    public var prefix: String

    public init(prefix: String) {
        self.prefix = prefix
    }

    /// `<prefix>/<component>/<node>/<name>/config`.
    public func configTopic(component: HomeAssistantComponent, node: String, name: String) -> String {
        "\(prefix)/\(component.rawValue)/\(node)/\(name)/config"
    }

    /// The name of the entity whose discovery config `topic` is, when it is
    /// `<prefix>/<component>/<node>/<name>/config` for `node` and a component gpioagg
    /// publishes; nil for any other topic.
    public func entityName(ofConfigTopic topic: String, node: String) -> String? {
        guard topic.hasPrefix(prefix + "/") else { return nil }
        let levels = topic.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        guard levels.count == 4, levels[1] == node, levels[3] == "config", !levels[2].isEmpty,
              HomeAssistantComponent(rawValue: String(levels[0])) != nil else { return nil }
        return String(levels[2])
    }

    /// `<prefix>/status`: Home Assistant's birth topic. Home Assistant sets it apart from
    /// its discovery prefix, both `homeassistant` by default; gpioagg's follows the
    /// discovery prefix, so that a setup that moves one moves both.
    public var birthTopic: String { "\(prefix)/status" }
}

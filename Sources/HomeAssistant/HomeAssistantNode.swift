import MQTTCore

/// One gpioagg daemon as Home Assistant sees it: one device, its topics, and the
/// software that publishes them.
///
/// Topics:
/// - discovery config: `<discoveryPrefix>/<component>/<node>/<name>/config` (retained)
/// - state: `<topicPrefix>/<node>/<name>` (`ON`/`OFF` or a decimal number, retained; a
///   click's event JSON not)
/// - command (switches, numbers, covers): `<topicPrefix>/<node>/<name>/set` (`ON`/`OFF`, a
///   decimal number, or a cover's `OPEN`/`CLOSE`/`STOP`, from Home Assistant)
/// - a cover's position (two motors): `<topicPrefix>/<node>/<name>/position` (a whole
///   percentage, 0 closed to 100 open, retained), and the position to move to from Home
///   Assistant on `<topicPrefix>/<node>/<name>/position/set`
/// - attributes (a counter with a `period:`): `<topicPrefix>/<node>/<name>/attributes`
///   (JSON, retained)
/// - availability: `<topicPrefix>/<node>/status` (`online`/`offline`, retained), and for a
///   number's value also `<topicPrefix>/<node>/<name>/available`
/// - Home Assistant's birth: `<discoveryPrefix>/status`
///
/// ```swift
/// let node = HomeAssistantNode(name: "garage", topicPrefix: "gpioagg", softwareVersion: "0.1.0")
/// node.stateTopic(for: door)         // "gpioagg/garage/front_door"
/// node.configTopic(for: door)        // "homeassistant/binary_sensor/garage/front_door/config"
/// ```
public struct HomeAssistantNode: Hashable, Sendable {
    /// Home Assistant's default discovery prefix (its MQTT integration's `discovery_prefix`).
    public static let defaultDiscoveryPrefix = "homeassistant"

    /// The node's name: the device's name in Home Assistant, a level of every topic, and
    /// part of every `unique_id`. Letters, digits, `_` and `-` only
    /// (`HomeAssistantDiscovery.problems` says so if not).
    public var name: String
    /// Where gpioagg publishes states and reads commands: `gpioagg` gives `gpioagg/<node>/...`.
    public var topicPrefix: String
    /// Where Home Assistant listens for discovery configs.
    public var discoveryPrefix: String
    /// gpioagg's version, as the device's and the origin's `sw_version`.
    public var softwareVersion: String

    public init(name: String, topicPrefix: String, discoveryPrefix: String = Self.defaultDiscoveryPrefix,
                softwareVersion: String) {
        self.name = name
        self.topicPrefix = topicPrefix
        self.discoveryPrefix = discoveryPrefix
        self.softwareVersion = softwareVersion
    }

    /// Where the entity's discovery config is published (retained).
    public func configTopic(for entity: HomeAssistantEntity) -> String {
        DiscoveryTopics(prefix: discoveryPrefix).configTopic(component: entity.component, node: name, name: entity.name)
    }

    /// Where the entity's value is published: `ON`/`OFF`, a decimal number, or a click's event.
    public func stateTopic(for entity: HomeAssistantEntity) -> String {
        entity.kind == .overrideMode ? topics.modeTopic(of: entity.name) : topics.stateTopic(of: entity.name)
    }

    /// Where Home Assistant sends `ON`/`OFF` to a command input, a number to a numeric
    /// one, a counter's reset button its 0, `OPEN`/`CLOSE`/`STOP` to a cover, or `OFF`,
    /// `ON` and a percentage to a PWM light or fan; nil for the other kinds.
    public func commandTopic(for entity: HomeAssistantEntity) -> String? {
        switch entity.component {
        case .switch, .number, .button, .cover, .light, .fan: topics.commandTopic(of: entity.name)
        case .select: topics.modeCommandTopic(of: entity.name)
        case .binarySensor, .event, .sensor: nil
        }
    }

    /// Where a PWM light or fan says whether it is on (`ON`/`OFF`; Home Assistant's
    /// `state_topic` for them, while its duty cycle is on `stateTopic(for:)`); nil for the
    /// other kinds.
    public func onOffTopic(for entity: HomeAssistantEntity) -> String? {
        entity.hasOnOffState ? topics.onOffTopic(of: entity.name) : nil
    }

    /// Where a cover with a position publishes it (Home Assistant's `position_topic`);
    /// nil for the other kinds.
    public func positionTopic(for entity: HomeAssistantEntity) -> String? {
        entity.hasPosition ? topics.positionTopic(of: entity.name) : nil
    }

    /// Where Home Assistant sends a cover with a position the position to move to (its
    /// `set_position_topic`); nil for the other kinds.
    public func positionCommandTopic(for entity: HomeAssistantEntity) -> String? {
        entity.hasPosition ? topics.positionCommandTopic(of: entity.name) : nil
    }

    /// Where the entity publishes its attributes (Home Assistant's
    /// `json_attributes_topic`); nil for entities without any.
    public func attributesTopic(for entity: HomeAssistantEntity) -> String? {
        entity.hasAttributes ? topics.attributesTopic(of: entity.name) : nil
    }

    /// The topics the entity's values are kept on (retained): its state topic, a
    /// number's own availability topic, a cover's position topic, a PWM light's or fan's
    /// on/off topic, a period counter's attributes. A reload that drops the entity
    /// clears them.
    public func retainedTopics(for entity: HomeAssistantEntity) -> [String] {
        [stateTopic(for: entity)]
            + [availabilityTopic(for: entity), positionTopic(for: entity), onOffTopic(for: entity),
               attributesTopic(for: entity)].compactMap { $0 }
    }

    /// Where a numeric entity says whether its value is available (`online`/`offline`,
    /// retained), besides the node's `availabilityTopic`; nil for the other kinds, which
    /// always have a value while the node is online.
    public func availabilityTopic(for entity: HomeAssistantEntity) -> String? {
        entity.isNumeric ? topics.availabilityTopic(of: entity.name) : nil
    }

    /// The node's `online`/`offline` topic; every entity's `availability_topic`.
    public var availabilityTopic: String { topics.statusTopic }

    /// The node's topics under `topicPrefix`, as every gpioagg node lays them out.
    public var topics: TopicLayout { TopicLayout(prefix: topicPrefix, node: name) }

    /// Where Home Assistant announces itself (`online`) when it starts: republish then,
    /// after `HomeAssistantBirth.republishDelay(using:)`. Home Assistant sets its birth
    /// topic apart from its discovery prefix, both `homeassistant` by default; here the
    /// birth follows the discovery prefix, so that a setup that moves one moves both.
    public var birthTopic: String { DiscoveryTopics(prefix: discoveryPrefix).birthTopic }

    /// `<node>_<name>`: unique among a broker's gpioagg nodes as long as node names are;
    /// a counter's reset button `<node>_<name>_reset`, beside its sensor.
    public func uniqueID(for entity: HomeAssistantEntity) -> String {
        switch entity.kind {
        case .resetButton: "\(name)_\(entity.name)_reset"
        case .overrideMode: "\(name)_\(entity.name)_mode"
        default: "\(name)_\(entity.name)"
        }
    }
}

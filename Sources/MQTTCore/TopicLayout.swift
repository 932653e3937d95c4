/// Where one gpioagg node's topics are: `<prefix>/<node>/<name>` for each input's,
/// signal's and output's value, `<prefix>/<node>/<name>/set` for a command input's
/// commands, `<prefix>/<node>/<name>/available` for whether a number's value is available
/// (`online`/`offline`, retained), `<prefix>/<node>/<name>/position` and
/// `<prefix>/<node>/<name>/position/set` for a cover's position (0 closed to 100 open) and
/// the position it is sent to, `<prefix>/<node>/<name>/state` for whether a PWM light or
/// fan is on (`ON`/`OFF`, beside its duty cycle on `<prefix>/<node>/<name>`),
/// `<prefix>/<node>/<name>/attributes` for a period counter's period (JSON), and
/// `<prefix>/<node>/status` for `online`/`offline` (retained, the will).
/// The config's topic checks, the MQTT bridge, Home Assistant's discovery and the remote
/// inputs that follow another node all build and read topics here, so they cannot
/// disagree on a level.
///
/// ```swift
/// let garage = TopicLayout(prefix: "gpioagg", node: "garage")
/// garage.stateTopic(of: "door")                                     // "gpioagg/garage/door"
/// garage.commandTopic(of: "override")                               // "gpioagg/garage/override/set"
/// garage.availabilityTopic(of: "inside")                            // "gpioagg/garage/inside/available"
/// garage.positionTopic(of: "blinds")                                // "gpioagg/garage/blinds/position"
/// garage.positionCommandTopic(of: "blinds")                         // "gpioagg/garage/blinds/position/set"
/// garage.onOffTopic(of: "strip")                                    // "gpioagg/garage/strip/state"
/// garage.attributesTopic(of: "rain_today")                          // "gpioagg/garage/rain_today/attributes"
/// garage.modeTopic(of: "pump")                                      // "gpioagg/garage/pump/mode"
/// garage.statusTopic                                                // "gpioagg/garage/status"
/// TopicLayout.node(ofStateTopic: "gpioagg/shed/door", prefix: "gpioagg")     // "shed"
/// TopicLayout.node(ofStatusTopic: "gpioagg/shed/status", prefix: "gpioagg")  // "shed"
/// ```
public struct TopicLayout: Hashable, Sendable {
    /// The first levels of every topic (`gpioagg`; may hold `/`: `home/gpioagg`).
    public var prefix: String
    /// The node's own level.
    public var node: String

    /// The last level of the node's online/offline topic: a name a node keeps for itself.
    public static let statusLevel = "status"
    /// The level under a command input's topic that its commands come on.
    public static let commandLevel = "set"
    /// The level under a number's topic that says whether its value is available.
    public static let availabilityLevel = "available"
    /// The level under a cover's topic that its position is published on; its own
    /// `set` level under it takes the position to move to.
    public static let positionLevel = "position"
    /// The level under a PWM light's or fan's topic that says whether it is on: Home
    /// Assistant's `state_topic` for them, while the duty cycle itself is on the topic
    /// above it.
    public static let onOffLevel = "state"
    /// The level under a counter's topic that its period is published on (Home
    /// Assistant's `json_attributes_topic`).
    public static let attributesLevel = "attributes"
    /// The level under an output's topic that its override's mode is published on; its
    /// own `set` level under it takes the mode to choose.
    public static let modeLevel = "mode"

    public init(prefix: String, node: String) {
        self.prefix = prefix
        self.node = node
    }

    /// `<prefix>/<node>/<name>`: where the value of `name` is published.
    public func stateTopic(of name: String) -> String { "\(prefix)/\(node)/\(name)" }

    /// `<prefix>/<node>/<name>/set`: where the command input `name` takes commands.
    public func commandTopic(of name: String) -> String { stateTopic(of: name) + "/" + Self.commandLevel }

    /// `<prefix>/<node>/<name>/available`: `online` while the number `name` has a value,
    /// `offline` while it is unavailable.
    public func availabilityTopic(of name: String) -> String { stateTopic(of: name) + "/" + Self.availabilityLevel }

    /// `<prefix>/<node>/<name>/position`: where the cover `name` publishes its position,
    /// a whole percentage from 0 (closed) to 100 (open).
    public func positionTopic(of name: String) -> String { stateTopic(of: name) + "/" + Self.positionLevel }

    /// `<prefix>/<node>/<name>/position/set`: where the cover `name` takes the position to
    /// move to (Home Assistant's `set_position_topic`).
    public func positionCommandTopic(of name: String) -> String {
        positionTopic(of: name) + "/" + Self.commandLevel
    }

    /// `<prefix>/<node>/<name>/state`: `ON` while the PWM light or fan `name` is above 0 %,
    /// `OFF` at 0.
    public func onOffTopic(of name: String) -> String { stateTopic(of: name) + "/" + Self.onOffLevel }

    /// `<prefix>/<node>/<name>/attributes`: a counter with a `period:` publishes there the
    /// period it counts and the last period's total, as JSON.
    public func attributesTopic(of name: String) -> String { stateTopic(of: name) + "/" + Self.attributesLevel }

    /// `<prefix>/<node>/<name>/mode`: the mode of the output `name`'s override (`auto`,
    /// `on` or `off`, retained).
    public func modeTopic(of name: String) -> String { stateTopic(of: name) + "/" + Self.modeLevel }

    /// `<prefix>/<node>/<name>/mode/set`: where the output `name`'s override takes the
    /// mode to choose.
    public func modeCommandTopic(of name: String) -> String { modeTopic(of: name) + "/" + Self.commandLevel }

    /// `<prefix>/<node>/status`: `online` or `offline`.
    public var statusTopic: String { stateTopic(of: Self.statusLevel) }

    /// The node whose value `topic` is, when it is `<prefix>/<node>/<name>` under `prefix`
    /// (a name other than `status`); nil for any other topic.
    public static func node(ofStateTopic topic: String, prefix: String) -> String? {
        guard let (node, name) = levels(of: topic, prefix: prefix), name != statusLevel else { return nil }
        return node
    }

    /// The node whose status `topic` is, when it is `<prefix>/<node>/status`; nil for
    /// any other topic.
    public static func node(ofStatusTopic topic: String, prefix: String) -> String? {
        guard let (node, name) = levels(of: topic, prefix: prefix), name == statusLevel else { return nil }
        return node
    }

    /// The two non-empty levels under `prefix`, or nil.
    private static func levels(of topic: String, prefix: String) -> (node: String, name: String)? {
        guard topic.hasPrefix(prefix + "/") else { return nil }
        let levels = topic.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        guard levels.count == 2, !levels[0].isEmpty, !levels[1].isEmpty else { return nil }
        return (String(levels[0]), String(levels[1]))
    }
}

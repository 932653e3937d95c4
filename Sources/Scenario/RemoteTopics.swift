import Config
import MQTTCore

/// The topics a configuration's remote inputs follow, as a test file's `remote:` steps
/// may write them: in full, as the config writes a remote input's `topic:`, or as
/// `<node>/<name>` under the config's MQTT prefix (`shed/door` for `gpioagg/shed/door`).
/// Another gpioagg node's number is also followed by its availability topic
/// (`shed/temperature/available`), and each such node by its status (`shed/status`).
///
/// ```swift
/// let topics = RemoteTopics(configuration)
/// topics.topic(written: "shed/door")    // "gpioagg/shed/door"
/// topics.topic(written: "shed/status")  // "gpioagg/shed/status"
/// ```
struct RemoteTopics {
    /// Under `mqtt:`'s prefix; nil without `mqtt:`.
    let prefix: String?
    /// Every topic a remote input follows, in the config's order, then the status of each
    /// node they come from.
    let followed: [String]
    /// The gpioagg nodes whose values remote inputs take, in the config's order.
    let nodes: [String]

    init(_ configuration: Configuration) {
        let prefix = configuration.mqtt?.prefix
        self.prefix = prefix
        var followed: [String] = []
        var nodes: [String] = []
        for input in configuration.remoteInputs {
            followed.append(input.topic)
            guard let prefix, let node = TopicLayout.node(ofStateTopic: input.topic, prefix: prefix) else { continue }
            if input.number != nil { followed.append(input.topic + "/" + TopicLayout.availabilityLevel) }
            if !nodes.contains(node) { nodes.append(node) }
        }
        if let prefix {
            followed += nodes.map { TopicLayout(prefix: prefix, node: $0).statusTopic }
        }
        self.followed = followed
        self.nodes = nodes
    }

    /// The topic `written` names: itself when a remote input follows it, else the one
    /// under the prefix; nil when no remote input follows either.
    func topic(written: String) -> String? {
        if followed.contains(written) { return written }
        guard let prefix else { return nil }
        let full = prefix + "/" + written
        return followed.contains(full) ? full : nil
    }

    /// The followed topics as they may be written: in full, and under the prefix.
    var writable: [String] {
        followed + followed.compactMap { topic in
            guard let prefix, topic.hasPrefix(prefix + "/") else { return nil }
            return String(topic.dropFirst(prefix.count + 1))
        }
    }
}

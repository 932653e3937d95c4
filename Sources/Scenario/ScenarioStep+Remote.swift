import Config

extension ScenarioStep {
    /// `TOPIC: PAYLOAD` in `remote:`: what another publisher sends, retained.
    public struct RemoteMessage: Hashable, Sendable {
        /// The topic as written: a remote input's `topic:`, or `<node>/<name>` under the
        /// config's MQTT prefix.
        public var topic: String
        /// The payload as text; empty clears the topic's retained value.
        public var payload: String
        /// The topic's key.
        public var location: SourceLocation

        public init(_ topic: String, _ payload: String, at location: SourceLocation) {
            self.topic = topic
            self.payload = payload
            self.location = location
        }
    }

    /// What a `remote:` step publishes on the broker, as other boards would.
    public enum Remote: Hashable, Sendable {
        /// `remote: { shed/door: "ON", ... }`: each payload, retained on its topic.
        case publish([RemoteMessage])
        /// `remote: { node: shed, status: offline }`: another gpioagg node's retained
        /// status, `<prefix>/<node>/status`; `online` true; `location`: where the node is
        /// written.
        case status(node: String, online: Bool, location: SourceLocation)
    }

    /// `broker: down` or `broker: up`.
    public enum Broker: String, Hashable, Sendable, CaseIterable {
        /// The broker is reachable: the bridge connects again.
        case up
        /// The broker is unreachable: the bridge loses its connection.
        case down
    }
}

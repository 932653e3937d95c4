import MQTTCore

/// `mqtt:`: the broker, and how this node appears there.
public struct MQTTDeclaration: Hashable, Sendable {
    /// `mqtt://host[:port]` (1883) or `mqtts://host[:port]` (8883, TLS).
    public var broker: BrokerURL
    /// The node's name in topics and client id: `[A-Za-z0-9_-]`, the host name by default.
    public var node: String
    /// The first level of every topic: `gpioagg` by default.
    public var prefix: String
    public var username: String?
    /// Where the password is; never inline.
    public var passwordFile: String?
    public var tls: TLSFiles?
    /// Home Assistant's discovery prefix (`homeassistant`); nil: no discovery.
    public var discovery: String?
    /// The largest message (topic and payload) the client takes; larger ones are refused
    /// unread (`max_message_size`, 64 KiB by default).
    public var maximumMessageSize = MessageSize.default
    public var location: SourceLocation

    public init(broker: BrokerURL, node: String, prefix: String = "gpioagg", username: String? = nil,
                passwordFile: String? = nil, tls: TLSFiles? = nil, discovery: String? = "homeassistant",
                location: SourceLocation) {
        self.broker = broker
        self.node = node
        self.prefix = prefix
        self.username = username
        self.passwordFile = passwordFile
        self.tls = tls
        self.discovery = discovery
        self.location = location
    }

    /// This node's topics: `<prefix>/<node>/<name>`, its `/set`, `<prefix>/<node>/status`.
    public var topics: TopicLayout { TopicLayout(prefix: prefix, node: node) }
}

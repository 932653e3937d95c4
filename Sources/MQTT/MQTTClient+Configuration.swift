extension MQTTClient {
    /// Everything a client is made with. The config layer fills it in; the password is
    /// the text of the password file, read by the caller.
    ///
    /// ```swift
    /// var configuration = MQTTClient.Configuration(
    ///     broker: try BrokerURL(parsing: "mqtts://broker.lan"),
    ///     clientID: try ClientIdentifier.forThisMachine(node: "garage"),
    ///     statusTopic: "gpioagg/garage/status")
    /// configuration.username = "garage"
    /// configuration.password = passwordFromFile
    /// configuration.tls = TLSFiles(caFile: "/etc/gpioagg/ca.pem")
    /// ```
    public struct Configuration: Sendable {
        public var broker: BrokerURL
        public var clientID: String
        /// Where `online` (on connect) and `offline` (an orderly stop, and the will) are
        /// published, retained, QoS 1.
        public var statusTopic: String
        public var onlinePayload = "online"
        public var offlinePayload = "offline"
        public var username: String?
        public var password: String?
        /// Certificates for `mqtts://`; without them the system's CA certificates are used.
        public var tls: TLSFiles?
        /// Seconds between keepalive pings (5 to 65535).
        public var keepalive = 30
        /// How long one connection attempt (TCP, TLS, CONNECT to CONNACK) may take.
        public var connectTimeout: Duration = .seconds(10)
        /// How long an orderly stop waits for the broker to take `offline` and DISCONNECT.
        public var stopGracePeriod: Duration = .seconds(1)
        /// Non-retained messages kept while offline; beyond it the oldest are dropped.
        public var eventQueueLimit = 256
        /// Topics whose latest retained value is kept while offline.
        public var retainedTopicLimit = 4096
        /// Messages handed to libmosquitto and not yet confirmed; more wait in the client's
        /// own bounded queue rather than libmosquitto's unbounded one.
        public var inFlightLimit = 32
        /// The largest message taken: its topic and payload. An MQTT 5 broker is told
        /// (CONNECT's Maximum Packet Size, with room for the packet's own fields) and sends
        /// nothing larger; a larger message that comes all the same (MQTT 3.1.1) is refused
        /// before it is copied, and logged once per topic.
        public var maximumMessageSize = MessageSize.default

        public init(broker: BrokerURL, clientID: String, statusTopic: String) {
            self.broker = broker
            self.clientID = clientID
            self.statusTopic = statusTopic
        }
    }
}

/// A message the broker delivered for one of the client's subscriptions.
///
/// `retained` is set when the broker sent a stored value on subscribing rather than a
/// message published now: a command bridge ignores those (a retained `/set` would
/// replay an old command on every restart).
public struct MQTTMessage: Hashable, Sendable {
    public let topic: String
    public let payload: [UInt8]
    public let qos: QoS
    public let retained: Bool
    /// When libmosquitto read it, on the loop's clock (nanoseconds): where a latency
    /// measurement through the bridge starts.
    public let receivedAt: UInt64

    public init(topic: String, payload: [UInt8], qos: QoS, retained: Bool, receivedAt: UInt64) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retained = retained
        self.receivedAt = receivedAt
    }
}

/// A message the client publishes, queued while it cannot be sent.
public struct OutgoingMessage: Hashable, Sendable {
    public var topic: String
    public var payload: [UInt8]
    public var qos: QoS
    public var retained: Bool
    /// When `publish` was called, on the loop's clock (nanoseconds).
    public var queuedAt: UInt64

    public init(topic: String, payload: [UInt8], qos: QoS, retained: Bool, queuedAt: UInt64) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retained = retained
        self.queuedAt = queuedAt
    }
}

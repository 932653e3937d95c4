/// A message the broker took: written to the socket for QoS 0, acknowledged (PUBACK) for
/// QoS 1. `completedAt - queuedAt` is the client's share of a publish's latency.
public struct MQTTPublishReceipt: Hashable, Sendable {
    public let topic: String
    public let qos: QoS
    public let retained: Bool
    /// When `publish` was called (nanoseconds, the loop's clock).
    public let queuedAt: UInt64
    /// When libmosquitto reported it sent (QoS 0) or acknowledged (QoS 1).
    public let completedAt: UInt64
}

/// The MQTT delivery guarantees gpioagg uses. QoS 2 is not offered: states are retained
/// and republished on every connect, and an event delivered twice is harmless next to
/// the cost of QoS 2's extra round trip on every message.
public enum QoS: Int32, Hashable, Sendable {
    /// Sent once, not acknowledged.
    case atMostOnce = 0
    /// Acknowledged by the broker (PUBACK); sent again on a new connection if it was not.
    case atLeastOnce = 1
}

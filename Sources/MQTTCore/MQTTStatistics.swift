/// What a client has done since it was made.
public struct MQTTStatistics: Hashable, Sendable {
    /// Connections the broker accepted.
    public var connects = 0
    /// Accepted connections that ended (an orderly stop's included).
    public var disconnects = 0
    /// Connection attempts that never got the broker's acceptance.
    public var failedAttempts = 0
    /// Messages delivered to the caller.
    public var messagesIn = 0
    /// Messages the broker took (QoS 0: written; QoS 1: acknowledged), status included.
    public var messagesOut = 0
    /// Publishes refused by the broker (an MQTT 5 reason code of 0x80 or more) or by
    /// libmosquitto (too large, ...).
    public var refusedPublishes = 0
    /// Messages that came larger than `Configuration.maximumMessageSize`, refused unread.
    public var refusedMessages = 0
    /// Non-retained messages dropped from the full offline queue.
    public var droppedEvents = 0
    /// Retained messages dropped because too many topics waited.
    public var droppedRetained = 0
    /// Messages waiting in the client's queue now.
    public var queued = 0
    /// Messages handed to libmosquitto and not yet confirmed now.
    public var inFlight = 0

    public init() {}
}

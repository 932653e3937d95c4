#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CMosquitto
import Logging
import Loop

/// An MQTT client that lives on gpioagg's event loop: libmosquitto does the protocol,
/// the loop does the waiting. The loop watches libmosquitto's socket (`POLLIN`, and
/// `POLLOUT` while it has something to write) and calls `mosquitto_loop_read` and
/// `mosquitto_loop_write`; a one-second loop timer calls `mosquitto_loop_misc`
/// (keepalive). libmosquitto never gets a thread of its own, and nothing blocks the
/// loop: host names are looked up on a short-lived thread and libmosquitto connects to
/// the address (`mosquitto_connect_async`: a non-blocking TCP connect).
///
/// On each connection, in this order: `online` on the status topic (retained, QoS 1;
/// the will publishes `offline` if the connection dies), every subscription, what waited
/// while offline, then `onConnected` (where the caller republishes its states). A
/// dropped connection is tried again after a jittered exponential backoff (1 s up to
/// 60 s). `stop` publishes `offline` itself before DISCONNECT, which suppresses the will.
///
/// Everything is called on the loop's thread, and every handler runs there.
///
/// ```swift
/// let client = MQTTClient(configuration: configuration, loop: loop, logger: logger)
/// client.onMessage = { message in
///     guard !message.retained else { return }    // no stale commands
///     handleCommand(message.topic, message.payload)
/// }
/// client.onConnected = { republishEverything() }
/// try client.subscribe("gpioagg/garage/+/set")
/// client.start()
/// try client.publish("gpioagg/garage/door/state", payload: Array("ON".utf8), retained: true)
/// client.stop { print("offline published, disconnected") }
/// ```
public final class MQTTClient {
    public let configuration: Configuration
    let loop: any EventLoop
    let logger: Logger

    /// A message arrived for a subscription.
    public var onMessage: ((MQTTMessage) -> Void)?
    /// The client is connected, `online` is published, the subscriptions are made and
    /// what waited is sent: publish every state now.
    public var onConnected: (() -> Void)?
    /// The connection ended, with the reason in words.
    public var onDisconnected: ((String) -> Void)?
    /// The broker took a message the caller published: for latency measurements.
    public var onPublished: ((MQTTPublishReceipt) -> Void)?

    var machine: MQTTConnectionStateMachine
    var queue: OutboundQueue
    var counters = MQTTStatistics()
    var connection: MosquittoConnection?
    /// Handed to libmosquitto and not yet confirmed, by message id, with the order they
    /// were sent in (to be put back in that order).
    var inFlight: [Int32: (sequence: Int, message: OutgoingMessage)] = [:]
    var sentSequence = 0
    /// The message id of `online` or `offline` in flight.
    var statusMessageID: Int32?
    var subscriptions: [(filter: String, qos: QoS)] = []
    var pendingSubscriptions: [Int32: String] = [:]

    var watchedDescriptor: Int32 = -1
    var watchedEvents: Int16 = 0
    var miscTimer: LoopTimer?
    var connectTimer: LoopTimer?
    var reconnectTimer: LoopTimer?
    var stopTimer: LoopTimer?
    /// Which look-up is the current one; older answers are ignored.
    var resolution = 0
    var draining = false
    var stopCompletions: [() -> Void] = []
    /// Why the connection (or attempt) ended, for the next log line.
    var lastReason = ""
    /// Topics whose over-large message was logged (once per topic, over every connection).
    var oversizedTopics = Set<String>()

    /// - Parameter random: the backoff's source of randomness (a uniform whole number in
    ///   `0...upperBound`); tests pass their own.
    public init(configuration: Configuration, loop: any EventLoop, logger: Logger,
                random: @escaping ReconnectBackoff.RandomSource = ReconnectBackoff.systemRandom) {
        precondition((5...65535).contains(configuration.keepalive), "MQTTClient: keepalive must be 5 to 65535 s")
        self.configuration = configuration
        self.loop = loop
        var logger = logger
        logger[metadataKey: "mqtt_broker"] = "\(configuration.broker)"
        self.logger = logger
        machine = MQTTConnectionStateMachine(random: random)
        queue = OutboundQueue(eventLimit: configuration.eventQueueLimit,
                              retainedTopicLimit: configuration.retainedTopicLimit)
    }

    deinit {
        if watchedDescriptor >= 0 { loop.unwatch(fd: watchedDescriptor) }
        for timer in [miscTimer, connectTimer, reconnectTimer, stopTimer] { timer?.cancel() }
        connection?.destroy()
    }

    /// Whether the broker has accepted the connection and the client is not stopping.
    public var isConnected: Bool {
        loop.preconditionInEventLoop()
        return machine.isOnline
    }

    /// The protocol spoken: MQTT 5 unless the broker refused it.
    public var protocolVersion: MQTTConnectionStateMachine.ProtocolVersion { machine.version }

    public var statistics: MQTTStatistics {
        loop.preconditionInEventLoop()
        var statistics = counters.including(queue)
        statistics.inFlight = inFlight.count
        return statistics
    }

    /// Starts connecting; returns at once.
    public func start() {
        loop.preconditionInEventLoop()
        perform(machine.start())
    }

    /// An orderly stop: `offline` on the status topic, a wait of at most
    /// `stopGracePeriod` (on the loop, never blocking it) for the broker to take it, then
    /// DISCONNECT; `completion` runs on the loop once the connection is closed. Queued
    /// messages are dropped.
    public func stop(completion: @escaping () -> Void = {}) {
        loop.preconditionInEventLoop()
        if machine.state == .stopped && stopCompletions.isEmpty {
            completion()
            return
        }
        stopCompletions.append(completion)
        perform(machine.stop())
    }

    /// Publishes now if connected, else keeps the message (retained ones coalesced per
    /// topic, others in a bounded FIFO) until the next connection.
    ///
    /// ```swift
    /// try client.publish("gpioagg/garage/door/state", payload: Array("ON".utf8), retained: true)
    /// ```
    public func publish(_ topic: String, payload: [UInt8], qos: QoS = .atLeastOnce, retained: Bool) throws(MQTTError) {
        loop.preconditionInEventLoop()
        let check = topic.withCString { mosquitto_pub_topic_check2($0, strlen($0)) }
        guard check == MOSQ_ERR_SUCCESS.rawValue, !topic.isEmpty else {
            throw .invalidTopic(topic, problem: topicProblem(check, wildcardsAllowed: false))
        }
        let message = OutgoingMessage(topic: topic, payload: payload, qos: qos, retained: retained, queuedAt: loop.now)
        if machine.isOnline && connection != nil && queue.isEmpty && inFlight.count < configuration.inFlightLimit {
            send(message)
        } else {
            queue.enqueue(message)
        }
    }

    /// Adds `filter` to the subscriptions, made on every connection (at once if connected).
    public func subscribe(_ filter: String, qos: QoS = .atLeastOnce) throws(MQTTError) {
        loop.preconditionInEventLoop()
        let check = filter.withCString { mosquitto_sub_topic_check2($0, strlen($0)) }
        guard check == MOSQ_ERR_SUCCESS.rawValue, !filter.isEmpty else {
            throw .invalidTopic(filter, problem: topicProblem(check, wildcardsAllowed: true))
        }
        if let index = subscriptions.firstIndex(where: { $0.filter == filter }) {
            guard subscriptions[index].qos != qos else { return }
            subscriptions[index].qos = qos
        } else {
            subscriptions.append((filter, qos))
        }
        if machine.isOnline { sendSubscription(filter, qos: qos) }
    }

    /// Removes `filter` from the subscriptions (and unsubscribes at once if connected).
    public func unsubscribe(_ filter: String) {
        loop.preconditionInEventLoop()
        guard let index = subscriptions.firstIndex(where: { $0.filter == filter }) else { return }
        subscriptions.remove(at: index)
        if machine.isOnline, let connection {
            let result = connection.unsubscribe(filter)
            settle(connection, result: result)
        }
    }

    private func topicProblem(_ result: Int32, wildcardsAllowed: Bool) -> String {
        if result == MOSQ_ERR_MALFORMED_UTF8.rawValue { return "it is not valid UTF-8" }
        if wildcardsAllowed {
            return "'+' and '#' must stand alone between '/', '#' only at the end, and it must not be empty"
        }
        return "a topic to publish to has no '+' or '#' and is not empty"
    }
}

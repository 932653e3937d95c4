import Loop
import MQTTCore

/// The in-memory twin of `MQTTClient`: the same `MQTTTransport`, with the broker held in
/// memory and nothing happening until the test says so, as `EmbeddedEventLoop` does for
/// the loop. The daemon's MQTT bridge runs on it in virtual time, without a broker,
/// without a socket and without waiting.
///
/// The broker keeps retained messages (an empty retained payload clears its topic) and
/// this client's subscriptions, by exact topic. The test decides when the broker takes the
/// connection (`acceptConnection()`) and when it is lost (`dropConnection(reason:)`, after
/// which the will says `offline`), and publishes as the other clients would
/// (`publishFromAnotherClient`). As `MQTTClient` does, a connection publishes `online`
/// first, makes the subscriptions, sends what waited (the latest retained value per
/// topic, then events in order: `OutboundQueue`), then calls `onConnected`. Messages for
/// the subscriber are delivered on the loop (`execute`), never within the caller's call:
/// a retained value comes after `onConnected`, as it does from a real broker.
///
/// Loop thread only.
///
/// ```swift
/// let transport = EmbeddedMQTTTransport(loop: loop, statusTopic: "gpioagg/garage/status")
/// // handed to the daemon, which subscribes and starts it
/// transport.acceptConnection()
/// loop.run()
/// transport.retainedText("gpioagg/garage/status")   // "online"
/// transport.publishFromAnotherClient("gpioagg/garage/override/set", "ON")
/// loop.run()                                        // the bridge sets override
/// ```
public final class EmbeddedMQTTTransport: MQTTTransport {
    public var onMessage: ((MQTTMessage) -> Void)?
    public var onConnected: (() -> Void)?
    public var onDisconnected: ((String) -> Void)?

    let loop: any EventLoop
    public let statusTopic: String
    public let onlinePayload: String
    public let offlinePayload: String

    /// Whether `start()` was called and `stop` was not.
    public private(set) var isStarted = false
    public private(set) var isConnected = false
    private var counters = MQTTStatistics()
    private var queue = OutboundQueue()

    /// The broker's retained messages, by topic.
    public private(set) var retained: [String: [UInt8]] = [:]
    /// Every message the broker took from this client, in the order it took them (the
    /// status and removals included).
    public private(set) var published: [MQTTMessage] = []
    /// Whether `published` keeps what the broker takes. A long run that only reads the
    /// broker's retained messages (`gpioagg test`) turns it off: every change of every
    /// node is a message, and a million presses would be kept for nothing.
    public var recordsPublished = true
    /// This client's subscriptions, in the order they were made.
    public private(set) var subscriptions: [String] = []

    /// - Parameter retained: what the broker holds already: the retained messages another
    ///   twin's broker held, for a client that starts again on the same broker.
    public init(loop: any EventLoop, statusTopic: String, onlinePayload: String = "online",
                offlinePayload: String = "offline", retained: [String: [UInt8]] = [:]) {
        self.loop = loop
        self.retained = retained
        self.statusTopic = statusTopic
        self.onlinePayload = onlinePayload
        self.offlinePayload = offlinePayload
    }

    public var statistics: MQTTStatistics { counters.including(queue) }

    public func start() {
        loop.preconditionInEventLoop()
        isStarted = true
    }

    /// Says `offline` (when connected) and disconnects; `completion` runs on the loop's
    /// next turn. What waited is dropped, as `MQTTClient` drops it.
    public func stop(completion: @escaping () -> Void) {
        loop.preconditionInEventLoop()
        isStarted = false
        queue = OutboundQueue()
        if isConnected {
            take(OutgoingMessage(topic: statusTopic, payload: Array(offlinePayload.utf8), qos: .atLeastOnce,
                                 retained: true, queuedAt: loop.now))
            isConnected = false
            counters.disconnects += 1
            onDisconnected?("disconnected")
        }
        let completion = UncheckedSendable(completion)
        loop.execute { completion.value() }
    }

    public func subscribe(_ filter: String, qos: QoS) throws(MQTTError) {
        loop.preconditionInEventLoop()
        try Self.check(filter)
        guard !subscriptions.contains(filter) else { return }
        subscriptions.append(filter)
        if isConnected { deliverRetained(filter) }
    }

    public func unsubscribe(_ filter: String) {
        loop.preconditionInEventLoop()
        subscriptions.removeAll { $0 == filter }
    }

    public func publish(_ topic: String, payload: [UInt8], qos: QoS, retained: Bool) throws(MQTTError) {
        loop.preconditionInEventLoop()
        try Self.check(topic)
        let message = OutgoingMessage(topic: topic, payload: payload, qos: qos, retained: retained, queuedAt: loop.now)
        if isConnected {
            take(message)
        } else {
            queue.enqueue(message)
        }
    }

    // MARK: The broker, as the test drives it

    /// The broker takes the connection: `online`, the subscriptions (their retained
    /// values delivered on the loop), what waited, then `onConnected`.
    public func acceptConnection() {
        loop.preconditionInEventLoop()
        precondition(isStarted && !isConnected, "EmbeddedMQTTTransport: accept a connection once started, while not connected")
        isConnected = true
        counters.connects += 1
        take(OutgoingMessage(topic: statusTopic, payload: Array(onlinePayload.utf8), qos: .atLeastOnce,
                             retained: true, queuedAt: loop.now))
        for filter in subscriptions { deliverRetained(filter) }
        while isConnected, let next = queue.next() { take(next) }
        onConnected?()
    }

    /// The connection is lost (the broker went away, the network failed): the will
    /// publishes `offline`, and `onDisconnected` hears `reason`. What is published from
    /// now on waits for the next `acceptConnection()`.
    public func dropConnection(reason: String = "the connection was lost") {
        loop.preconditionInEventLoop()
        precondition(isConnected, "EmbeddedMQTTTransport: drop a connection that is there")
        isConnected = false
        counters.disconnects += 1
        route(MQTTMessage(topic: statusTopic, payload: Array(offlinePayload.utf8), qos: .atLeastOnce, retained: true,
                          receivedAt: loop.now))
        onDisconnected?(reason)
    }

    /// Another client publishes: a retained message is kept by the broker (an empty one
    /// clears the topic), and the subscriber, when connected and subscribed, gets it on
    /// the loop as a live message.
    public func publishFromAnotherClient(_ topic: String, _ payload: String, retained: Bool = false) {
        publishFromAnotherClient(topic, payload: Array(payload.utf8), retained: retained)
    }

    public func publishFromAnotherClient(_ topic: String, payload: [UInt8], retained: Bool = false) {
        loop.preconditionInEventLoop()
        route(MQTTMessage(topic: topic, payload: payload, qos: .atLeastOnce, retained: retained, receivedAt: loop.now))
    }

    /// The retained value of `topic` as text, nil when the broker keeps none.
    public func retainedText(_ topic: String) -> String? {
        retained[topic].map { String(decoding: $0, as: UTF8.self) }
    }

    /// The topics of the messages taken from this client, in order.
    public var publishedTopics: [String] { published.map(\.topic) }

    // MARK: Inside the broker

    /// A message from this client reaches the broker.
    private func take(_ message: OutgoingMessage) {
        counters.messagesOut += 1
        let taken = MQTTMessage(topic: message.topic, payload: message.payload, qos: message.qos,
                                retained: message.retained, receivedAt: loop.now)
        if recordsPublished { published.append(taken) }
        route(taken)
    }

    /// Keeps a retained message and hands a live copy to the subscriber. The broker does
    /// not keep the retain flag on messages published now (MQTT 3.1.1, and MQTT 5
    /// without "retain as published").
    private func route(_ message: MQTTMessage) {
        if message.retained {
            retained[message.topic] = message.payload.isEmpty ? nil : message.payload
        }
        guard isConnected, subscriptions.contains(message.topic) else { return }
        deliver(MQTTMessage(topic: message.topic, payload: message.payload, qos: message.qos, retained: false,
                            receivedAt: loop.now))
    }

    private func deliverRetained(_ filter: String) {
        guard let payload = retained[filter] else { return }
        deliver(MQTTMessage(topic: filter, payload: payload, qos: .atLeastOnce, retained: true, receivedAt: loop.now))
    }

    /// On the loop's next turn, if the subscription is still there then.
    private func deliver(_ message: MQTTMessage) {
        let this = UncheckedSendable(self)
        loop.execute {
            let transport = this.value
            guard transport.isConnected, transport.subscriptions.contains(message.topic) else { return }
            transport.counters.messagesIn += 1
            transport.onMessage?(message)
        }
    }

    /// Exact topics only: no wildcards (this broker matches topics by equality), none
    /// empty.
    private static func check(_ topic: String) throws(MQTTError) {
        guard !topic.isEmpty, !topic.contains("+"), !topic.contains("#") else {
            throw .invalidTopic(topic, problem: "the embedded broker takes exact topics only: no '+' or '#', not empty")
        }
    }
}

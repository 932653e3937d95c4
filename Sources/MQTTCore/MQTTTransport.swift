/// What the daemon's MQTT bridge needs of a connection to a broker, with no library
/// behind it. Two twins conform: `MQTTClient` (module `MQTT`, libmosquitto on the event
/// loop) for the daemon, and `EmbeddedMQTTTransport` (module `MQTTEmbedded`, a broker
/// held in memory on the loop's virtual time) for tests, which production code never
/// imports.
///
/// A transport connects and reconnects by itself; on each connection it publishes
/// `online` on its status topic, makes every subscription, sends what waited while it was
/// offline, then calls `onConnected`. While offline it keeps what is published (the
/// latest retained value per topic, events in order) for the next connection. Everything
/// is called on the loop's thread, and every handler runs there.
///
/// ```swift
/// let transport: any MQTTTransport = MQTTClient(configuration: settings, loop: loop, logger: logger)
/// transport.onConnected = { publishEveryValue() }
/// transport.onMessage = { message in handle(message) }
/// try transport.subscribe("gpioagg/garage/override/set")
/// transport.start()
/// ```
public protocol MQTTTransport: AnyObject {
    /// A message arrived for a subscription (`retained`: a stored value the broker sent
    /// on subscribing, not one published now).
    var onMessage: ((MQTTMessage) -> Void)? { get set }
    /// Connected, `online` published, subscriptions made, what waited sent: publish every
    /// state now.
    var onConnected: (() -> Void)? { get set }
    /// The connection ended, with the reason in words.
    var onDisconnected: ((String) -> Void)? { get set }

    /// Whether the broker has accepted the connection and the transport is not stopping.
    var isConnected: Bool { get }
    /// What the transport has done since it was made.
    var statistics: MQTTStatistics { get }

    /// Starts connecting; returns at once.
    func start()
    /// Says `offline`, disconnects, then calls `completion` on the loop.
    func stop(completion: @escaping () -> Void)
    /// Adds `filter` to the subscriptions, made on every connection (at once if connected).
    func subscribe(_ filter: String, qos: QoS) throws(MQTTError)
    /// Removes `filter` from the subscriptions.
    func unsubscribe(_ filter: String)
    /// Publishes now if connected, else keeps the message for the next connection.
    func publish(_ topic: String, payload: [UInt8], qos: QoS, retained: Bool) throws(MQTTError)
}

extension MQTTTransport {
    /// Subscribes with QoS 1, as gpioagg always does.
    public func subscribe(_ filter: String) throws(MQTTError) {
        try subscribe(filter, qos: .atLeastOnce)
    }

    /// Publishes with QoS 1, as gpioagg always does.
    public func publish(_ topic: String, payload: [UInt8], retained: Bool) throws(MQTTError) {
        try publish(topic, payload: payload, qos: .atLeastOnce, retained: retained)
    }
}

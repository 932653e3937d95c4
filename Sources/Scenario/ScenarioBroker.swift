import Bridge
import Config
import Engine
import Logging
import Loop
import MQTTCore
import MQTTEmbedded
import Reactive

/// The MQTT side of a test run, when the config has `mqtt:`: the daemon's own bridge
/// (`MQTTBridge`, the same remote-input rules, holds and fallbacks) on the broker's twin
/// (`EmbeddedMQTTTransport`), on the scenario's virtual time. `remote:` steps publish as
/// other boards would; `broker:` steps take the broker away and bring it back.
///
/// While the broker is unreachable the client tries again as the daemon's does: 1 s after
/// the loss, then after waits that double up to 60 s (`ReconnectBackoff`), the count
/// starting again after a connection that lasted 5 s. The daemon draws each wait at
/// random up to that bound; here each is the bound itself, the longest the daemon may
/// take, so that a run is the same every time and a test that passes holds for the
/// slowest reconnect.
///
/// ```swift
/// let broker = ScenarioBroker(configuration, engine: engine, loop: loop)
/// broker?.start()                                       // connected, as the daemon connects
/// broker?.publish("gpioagg/shed/door", "ON")            // retained, from another board
/// broker?.status(of: "shed", online: true)
/// broker?.reachable(false)                              // the bridge holds, then falls back
/// ```
///
/// Loop thread only.
final class ScenarioBroker {
    private let loop: any EventLoop
    private let declaration: MQTTDeclaration
    private let configuration: Configuration
    private var transport: EmbeddedMQTTTransport
    private var bridge: MQTTBridge
    private var observation: AnyCancellable?
    private var backoff = ReconnectBackoff(random: { $0 })
    private var retry: LoopTimer?
    /// When the connection there is now was accepted.
    private var connectedAt: UInt64?
    /// Whether the broker takes connections (`broker: up`).
    private(set) var isReachable = true

    /// Nil when `configuration` has no `mqtt:`.
    init?(_ configuration: Configuration, engine: Engine, loop: any EventLoop) {
        guard let declaration = configuration.mqtt else { return nil }
        self.loop = loop
        self.declaration = declaration
        self.configuration = configuration
        (transport, bridge) = Self.client(declaration, configuration, engine: engine, loop: loop, retained: [:])
        follow(engine)
    }

    /// The bridge hears `engine`'s changes.
    private func follow(_ engine: Engine) {
        observation = engine.observeChanges { [weak self] change in self?.bridge.engineChanged(change) }
    }

    /// No more attempts, no more changes heard; the bridge stops (saying `offline` while
    /// connected).
    private func letGo() {
        retry?.cancel()
        retry = nil
        observation?.cancel()
        bridge.stop {}
    }

    /// A client of the broker (the twin, holding `retained`) and the bridge on it.
    private static func client(_ declaration: MQTTDeclaration, _ configuration: Configuration, engine: Engine,
                               loop: any EventLoop, retained: [String: [UInt8]]) -> (EmbeddedMQTTTransport, MQTTBridge) {
        let transport = EmbeddedMQTTTransport(loop: loop, statusTopic: declaration.topics.statusTopic, retained: retained)
        transport.recordsPublished = false
        let bridge = MQTTBridge(declaration: declaration, configuration: configuration, engine: engine, loop: loop,
                                transport: transport, version: "test", logger: Logger(label: "gpioagg.test.mqtt") { _ in
                                    SwiftLogNoOpLogHandler()
                                }, connectionChanged: {})
        return (transport, bridge)
    }

    /// The daemon ended and the next one's bridge follows `engine` on the same broker:
    /// after an orderly stop its bridge said `offline` and let go; after a kill the broker
    /// published its will (`offline`). The new client finds what the broker retained
    /// (other boards' values and statuses, this node's last states) and connects, as
    /// the daemon does once its lines are ready, when the broker is reachable; else it
    /// tries as it would after a loss.
    func restart(following engine: Engine, killed: Bool) {
        // A kill: the connection ends without DISCONNECT, so the broker publishes the
        // will; the old bridge then lets go of its timers, with nothing left to send.
        if killed, transport.isConnected { transport.dropConnection(reason: "the process was killed") }
        letGo()
        (transport, bridge) = Self.client(declaration, configuration, engine: engine, loop: loop,
                                          retained: transport.retained)
        follow(engine)
        backoff.reset()
        connectedAt = nil
        bridge.start()
        if isReachable { connect() } else { scheduleAttempt() }
    }

    /// Subscribes and connects, as the daemon does once its lines are ready.
    func start() {
        bridge.start()
        connect()
    }

    /// Says `offline` and lets go.
    func stop() {
        letGo()
    }

    /// `payload`, retained on `topic`, from another client.
    func publish(_ topic: String, _ payload: String) {
        transport.publishFromAnotherClient(topic, payload, retained: true)
    }

    /// Another gpioagg node's retained status.
    func status(of node: String, online: Bool) {
        let topic = TopicLayout(prefix: declaration.prefix, node: node).statusTopic
        publish(topic, online ? "online" : "offline")
    }

    /// The broker unreachable (the connection drops, and each attempt fails) or
    /// reachable again (the next attempt connects).
    func reachable(_ reachable: Bool) {
        guard reachable != isReachable else { return }
        isReachable = reachable
        if !reachable, transport.isConnected {
            if let connectedAt, loop.now &- connectedAt >= ReconnectBackoff.stableConnection { backoff.reset() }
            connectedAt = nil
            transport.dropConnection(reason: "the broker is unreachable")
            scheduleAttempt()
        }
    }

    /// The next connection attempt, after the backoff's wait.
    private func scheduleAttempt() {
        let delay = backoff.nextDelay()
        retry = loop.schedule(atNanoseconds: loop.now &+ delay) { [weak self] in
            guard let self else { return }
            retry = nil
            guard isReachable else { return scheduleAttempt() }
            connect()
        }
    }

    private func connect() {
        connectedAt = loop.now
        transport.acceptConnection()
    }
}

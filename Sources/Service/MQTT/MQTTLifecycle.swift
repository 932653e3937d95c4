import Bridge
import Config
import Engine
import Logging
import Loop
import MQTT
import Reactive

/// The engine on MQTT over the daemon's life, when the configuration has `mqtt:`: the
/// bridge made and connected once the lines are ready, kept, replaced or let go of on
/// each reload, and told `offline` last when the daemon stops. What keeps the bridge
/// from starting (an unreadable password file) is logged: the lines work without it.
///
/// ```swift
/// let mqtt = MQTTLifecycle(loop: loop, transport: nil, version: "0.1.0", logger: logger)
/// mqtt.connectionChanged = { notifyStatus() }
/// let observation = mqtt.observe(engine)
/// mqtt.start(configuration, engine: engine)
/// mqtt.reload(to: next, engine: nextEngine)
/// mqtt.stop { finish() }
/// ```
///
/// Loop thread only.
final class MQTTLifecycle {
    private let loop: any EventLoop
    private let makeTransport: MQTTTransportMaker
    private let version: String
    private let logger: Logger
    /// Called each time the connection comes or goes.
    var connectionChanged: () -> Void = {}
    /// The engine on MQTT, while the configuration has `mqtt:`.
    private(set) var bridge: MQTTBridge?

    /// `transport` nil: an `MQTTClient` on libmosquitto.
    init(loop: any EventLoop, transport: MQTTTransportMaker?, version: String, logger: Logger) {
        self.loop = loop
        makeTransport = transport ?? MQTTClient.forDeclaration
        self.version = version
        self.logger = logger
    }

    /// Hands `engine`'s changes to the bridge there is when each comes.
    func observe(_ engine: Engine) -> AnyCancellable {
        engine.observeChanges { [weak self] change in self?.bridge?.engineChanged(change) }
    }

    /// Connects `engine` to the broker `configuration` names, if any.
    func start(_ configuration: Configuration, engine: Engine) {
        guard bridge == nil, let declaration = configuration.mqtt else { return }
        do {
            let transport = try makeTransport(declaration, loop, logger)
            let bridge = MQTTBridge(declaration: declaration, configuration: configuration, engine: engine, loop: loop,
                                    transport: transport, version: version, logger: logger,
                                    connectionChanged: { [weak self] in self?.connectionChanged() })
            self.bridge = bridge
            logger.info("mqtt: \(declaration.broker) as node \(declaration.node), topics under \(declaration.prefix)/\(declaration.node)/")
            bridge.start()
        } catch {
            logger.error("error: no MQTT: \(error)")
        }
    }

    /// A reload with the same `mqtt:` keeps the connection (entities that went away are
    /// removed from Home Assistant); another `mqtt:` connects anew; none disconnects.
    func reload(to loaded: Configuration, engine: Engine) {
        if let bridge, var next = loaded.mqtt {
            // Where it is written is no change.
            next.location = bridge.declaration.location
            if next == bridge.declaration {
                bridge.reload(to: loaded, engine: engine)
                return
            }
        }
        if let bridge {
            self.bridge = nil
            bridge.stop { [bridge] in withExtendedLifetime(bridge) {} }
        }
        start(loaded, engine: engine)
    }

    /// Publishes `offline` and disconnects, then calls `completion`; at once without MQTT.
    func stop(completion: @escaping () -> Void) {
        guard let bridge else { return completion() }
        self.bridge = nil
        // The bridge lives until its client has said offline and let go.
        bridge.stop { [bridge] in
            withExtendedLifetime(bridge) { completion() }
        }
    }
}

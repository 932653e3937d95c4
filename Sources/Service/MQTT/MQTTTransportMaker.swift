import Config
import Logging
import Loop
import MQTTCore

/// Makes the MQTT transport for a configuration's `mqtt:` on the daemon's loop. The
/// daemon's own (`Daemon.Options.mqttTransport` left nil) is an `MQTTClient` on
/// libmosquitto; a test hands in one that returns its `EmbeddedMQTTTransport`, so that
/// the whole daemon runs on MQTT in virtual time. What it throws is logged, and the
/// daemon runs without MQTT.
///
/// ```swift
/// options.mqttTransport = { declaration, loop, _ in
///     EmbeddedMQTTTransport(loop: loop, statusTopic: declaration.topics.statusTopic)
/// }
/// ```
public typealias MQTTTransportMaker = (_ declaration: MQTTDeclaration, _ loop: any EventLoop,
                                       _ logger: Logger) throws -> any MQTTTransport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Foundation
import MQTTCore
import MQTTEmbedded
import Service
import TestSupport
import Testing

/// The daemon on MQTT in virtual time: the bridge on the transport's in-memory twin, the
/// broker's connection and the other clients driven by the test, no broker, no waiting.
/// The same behaviour against a real mosquitto: gpioaggTests' MQTTDaemonTests.
@Suite("The MQTT bridge in virtual time")
struct MQTTBridgeTests {
    /// The whole daemon on `EmbeddedEventLoop`, its transport the twin.
    final class Rig {
        /// The transports the daemon made: a reload with another `mqtt:` makes a new one.
        final class Made { var transports: [EmbeddedMQTTTransport] = [] }

        let daemon: DaemonTests.Rig
        private let made: Made

        /// - Parameter stateDirectory: where kept values go; nil: a temporary directory
        ///   of the rig's own (`DaemonTests.Rig`).
        init(_ body: String, node: String = "garage", stateDirectory: String? = nil) throws {
            let made = Made()
            self.made = made
            daemon = try DaemonTests.Rig(Self.config(node: node, body), stateDirectory: stateDirectory,
                                         mqttTransport: { declaration, loop, _ in
                let transport = EmbeddedMQTTTransport(loop: loop, statusTopic: declaration.topics.statusTopic)
                made.transports.append(transport)
                return transport
            })
            try daemon.daemon.start()
        }

        static func config(node: String, _ body: String) -> String {
            """
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt:
              broker: mqtt://broker.invalid
              node: \(node)
            \(body)
            """
        }

        var transport: EmbeddedMQTTTransport { made.transports[made.transports.count - 1] }
        var transportsMade: Int { made.transports.count }

        /// The broker takes the connection, and the loop runs what follows.
        func connect() {
            transport.acceptConnection()
            daemon.loop.run()
        }

        /// Another client publishes, and the loop runs what follows.
        func publish(_ topic: String, _ payload: String, retained: Bool = false) {
            transport.publishFromAnotherClient(topic, payload, retained: retained)
            daemon.loop.run()
        }

        func input(_ name: String) -> Bool? { daemon.daemon.engine.snapshot().inputs[name]?.level }

        var messages: [String] { daemon.messages }

        func logged(_ prefix: String) -> [String] { messages.filter { $0.hasPrefix(prefix) } }

        /// What was logged with `prefix` once the daemon was ready (its start's lines left out).
        func loggedRunning(_ prefix: String) -> [String] {
            messages.drop { $0 != "ready" }.filter { $0.hasPrefix(prefix) }
        }

        /// The shed online with its door open, both retained on the broker, then the
        /// connection taken.
        func connectWithShedDoorOpen() {
            transport.publishFromAnotherClient("gpioagg/shed/status", "online", retained: true)
            transport.publishFromAnotherClient("gpioagg/shed/door_open", "ON", retained: true)
            connect()
        }

        /// How often the broker took a message on `topic` from the daemon.
        func count(_ topic: String) -> Int { transport.publishedTopics.filter { $0 == topic }.count }
    }

    static let garage = MQTTConfigs.garage

    static func shedFollower(hold: String? = nil) -> String { MQTTConfigs.shedFollower(hold: hold) }

    static let fanConfig = "homeassistant/binary_sensor/garage/fan/config"
    static let overrideSet = "gpioagg/garage/override/set"

    @Test("on connect: online first, then every value, then discovery; nothing before the broker takes the connection")
    func valuesOnConnect() throws {
        let rig = try Rig(Self.garage)
        #expect(rig.transport.isStarted)
        #expect(rig.transport.published.isEmpty, "connecting: nothing reached the broker yet")
        rig.connect()
        let topics = rig.transport.publishedTopics
        #expect(topics.first == "gpioagg/garage/status")
        #expect(rig.transport.retainedText("gpioagg/garage/status") == "online")
        let values = ["gpioagg/garage/button", "gpioagg/garage/fan", "gpioagg/garage/fan_on", "gpioagg/garage/override"]
        #expect(Array(topics.dropFirst().prefix(values.count)) == values, "\(topics)")
        let discovery = topics.dropFirst(1 + values.count)
        #expect(!discovery.isEmpty && discovery.allSatisfy { $0.hasPrefix("homeassistant/") }, "\(topics)")
        #expect(discovery.contains(Self.fanConfig))
        #expect(discovery.contains("homeassistant/event/garage/click/config"))
        for topic in values { #expect(rig.transport.retainedText(topic) == "OFF", "\(topic)") }
        #expect(rig.transport.retainedText("homeassistant/switch/garage/override/config")?
            .contains(#""command_topic":"gpioagg/garage/override/set""#) == true)
        #expect(rig.transport.subscriptions == [Self.overrideSet, "homeassistant/status"])
        #expect(rig.daemon.notifications.all.last == [
            "STATUS=simulating; 2 inputs (1 command), 2 signals, 1 output; no output on; mqtt: connected to mqtt://broker.invalid",
        ])
    }

    @Test("/set moves a command input and the output that follows it; each level word and TOGGLE")
    func setMovesACommandInput() throws {
        let rig = try Rig(Self.garage)
        rig.connect()
        for (payload, expected) in [("ON", true), ("toggle", false), ("1", true), ("false", false)] {
            rig.publish(Self.overrideSet, payload)
            #expect(rig.input("override") == expected, "\(payload)")
            #expect(rig.transport.retainedText("gpioagg/garage/fan") == (expected ? "ON" : "OFF"), "\(payload)")
        }
    }

    @Test("a retained command is ignored, on every connect, and said once")
    func retainedCommandIgnored() throws {
        let rig = try Rig(Self.garage)
        // Left on the broker by a client that should not have.
        rig.transport.publishFromAnotherClient(Self.overrideSet, "ON", retained: true)
        rig.connect()
        #expect(rig.input("override") == false)
        rig.transport.dropConnection()
        rig.daemon.loop.advance(by: .seconds(1))
        rig.connect()
        #expect(rig.input("override") == false)
        #expect(rig.logged("ignoring a retained command on \(Self.overrideSet)") == [
            "ignoring a retained command on \(Self.overrideSet): commands are acted on when they are sent; "
                + "clear it with: mosquitto_pub -r -n -t \(Self.overrideSet)",
        ])
        rig.publish(Self.overrideSet, "ON")
        #expect(rig.input("override") == true, "a command sent now acts")
    }

    @Test("a stop publishes the safe values, then offline, and the daemon finishes once the transport let go")
    func stopSaysOffline() throws {
        let rig = try Rig(Self.garage)
        rig.connect()
        rig.publish(Self.overrideSet, "ON")
        rig.daemon.daemon.handle(signal: SIGTERM)
        #expect(rig.daemon.daemon.exitStatus == nil, "the transport's completion comes on the loop")
        rig.daemon.loop.run()
        #expect(rig.daemon.daemon.exitStatus == 0)
        #expect(rig.transport.publishedTopics.suffix(2) == ["gpioagg/garage/fan", "gpioagg/garage/status"])
        #expect(rig.transport.retainedText("gpioagg/garage/fan") == "OFF")
        #expect(rig.transport.retainedText("gpioagg/garage/status") == "offline")
        #expect(rig.messages.filter { $0.hasPrefix("stopped") } == ["stopped (SIGTERM)"])
    }

    @Test("a value the shed left retained while it is offline is never taken; online, its values are; its loss is held for hold:, then the fallback")
    func shedOfflineAndOnline() throws {
        let rig = try Rig(Self.shedFollower(hold: "500ms"))
        // The shed was killed: its will said offline, its door stays retained.
        rig.transport.publishFromAnotherClient("gpioagg/shed/door_open", "ON", retained: true)
        rig.transport.publishFromAnotherClient("gpioagg/shed/status", "offline", retained: true)
        rig.connect()
        #expect(rig.input("shed_door") == false)
        #expect(rig.logged("input shed_door on").isEmpty && rig.logged("output siren on").isEmpty, "\(rig.messages)")
        #expect(rig.logged("input shed_door at its fallback (off): ").count == 1, "\(rig.messages)")

        rig.publish("gpioagg/shed/status", "online", retained: true)
        rig.publish("gpioagg/shed/door_open", "ON", retained: true)
        #expect(rig.input("shed_door") == true)
        #expect(rig.transport.retainedText("gpioagg/garage/siren") == "ON")

        rig.publish("gpioagg/shed/status", "offline", retained: true)
        #expect(rig.logged("input shed_door keeps its last value (on) for up to 500ms: node shed is offline").count == 1,
                "\(rig.messages)")
        rig.daemon.loop.advance(by: .milliseconds(499))
        #expect(rig.input("shed_door") == true, "held")
        rig.daemon.loop.advance(by: .milliseconds(1))
        #expect(rig.input("shed_door") == false)
        #expect(rig.transport.retainedText("gpioagg/garage/siren") == "OFF")
        #expect(rig.messages.contains("input shed_door at its fallback (off): node shed is offline for 500ms"),
                "\(rig.messages)")
    }

    @Test("a broker loss shorter than hold: changes nothing, the loss and its end told once each")
    func brokerLossWithinHold() throws {
        let rig = try Rig(Self.shedFollower())
        rig.connectWithShedDoorOpen()
        #expect(rig.input("shed_door") == true)
        rig.transport.dropConnection()
        #expect(rig.daemon.notifications.all.last?.last?
            .hasSuffix("mqtt: disconnected from mqtt://broker.invalid (the connection was lost); reconnecting") == true,
                "\(rig.daemon.notifications.all)")
        rig.daemon.loop.advance(by: .seconds(2))
        rig.connect()
        #expect(rig.daemon.notifications.all.last?.last?.hasSuffix("mqtt: connected to mqtt://broker.invalid") == true)
        rig.daemon.loop.advance(by: .seconds(60))
        #expect(rig.input("shed_door") == true)
        #expect(rig.loggedRunning("input shed_door") == [
            "input shed_door on",
            "input shed_door keeps its last value (on) for up to 30s: the broker is unreachable",
            "input shed_door follows its topic again, after 2s",
        ], "on, the loss, its end")
        #expect(rig.loggedRunning("output siren") == ["output siren on"], "\(rig.messages)")
    }

    @Test("a broker loss longer than hold: the fallback once the hold runs out, the value again after the reconnect")
    func brokerLossBeyondHold() throws {
        let rig = try Rig(Self.shedFollower(hold: "1s"))
        rig.connectWithShedDoorOpen()
        rig.transport.dropConnection()
        rig.daemon.loop.advance(by: .milliseconds(999))
        #expect(rig.input("shed_door") == true)
        rig.daemon.loop.advance(by: .milliseconds(1))
        #expect(rig.input("shed_door") == false)
        #expect(rig.loggedRunning("input shed_door at its fallback (off): ")
            == ["input shed_door at its fallback (off): the broker is unreachable for 1s"], "\(rig.messages)")
        #expect(rig.loggedRunning("output siren") == ["output siren on", "output siren off"], "\(rig.messages)")
        rig.connect()
        #expect(rig.input("shed_door") == true, "the retained value, from a node online")
        #expect(rig.transport.retainedText("gpioagg/garage/siren") == "ON")
    }

    @Test("Home Assistant says online: discovery and every value again after 1 to 5 s, not before")
    func homeAssistantBirth() throws {
        let rig = try Rig(Self.garage)
        rig.connect()
        #expect(rig.count(Self.fanConfig) == 1)
        rig.publish("homeassistant/status", "offline")
        rig.daemon.loop.advance(by: .seconds(10))
        #expect(rig.count(Self.fanConfig) == 1, "only online is a birth")
        rig.publish("homeassistant/status", "online")
        rig.daemon.loop.advance(by: .milliseconds(999))
        #expect(rig.count(Self.fanConfig) == 1)
        rig.daemon.loop.advance(by: .milliseconds(4_001))
        #expect(rig.count(Self.fanConfig) == 2)
        #expect(rig.count("gpioagg/garage/fan") == 2)
        rig.daemon.loop.advance(by: .seconds(10))
        #expect(rig.count(Self.fanConfig) == 2, "once per birth")
    }

    @Test("a reload that drops an output removes it: an empty retained config and value, connected or not")
    func reloadRemovesEntities() throws {
        for connected in [true, false] {
            let rig = try Rig(Self.garage)
            rig.connect()
            #expect(rig.transport.retainedText(Self.fanConfig) != nil)
            let without = Self.garage.replacingOccurrences(
                of: "outputs:\n  fan: { chip: main, line: GPIO5, follows: fan_on, device_class: running }", with: "")
            #expect(without != Self.garage)
            try rig.daemon.rewrite(Rig.config(node: "garage", without))
            if !connected { rig.transport.dropConnection() }
            rig.daemon.daemon.handle(signal: SIGHUP)
            rig.daemon.loop.run()
            if !connected {
                #expect(rig.transport.retainedText(Self.fanConfig) != nil, "waits for the connection")
                rig.connect()
            }
            #expect(rig.transport.retainedText(Self.fanConfig) == nil, "connected: \(connected)")
            #expect(rig.transport.retainedText("gpioagg/garage/fan") == nil, "connected: \(connected)")
            #expect(rig.transport.published.contains { $0.topic == Self.fanConfig && $0.retained && $0.payload.isEmpty })
            #expect(rig.transport.retainedText("homeassistant/switch/garage/override/config") != nil,
                    "what stays is not removed")
            #expect(rig.transportsMade == 1, "the same mqtt: keeps its transport")
        }
    }

    @Test("a reload with another mqtt: stops the old transport (offline said) and starts a new one with the new node")
    func reloadWithAnotherBroker() throws {
        let rig = try Rig(Self.garage)
        rig.connect()
        let old = rig.transport
        try rig.daemon.rewrite(Rig.config(node: "barn", Self.garage))
        rig.daemon.daemon.handle(signal: SIGHUP)
        rig.daemon.loop.run()
        #expect(rig.transportsMade == 2)
        #expect(old.retainedText("gpioagg/garage/status") == "offline" && !old.isStarted)
        #expect(rig.transport.isStarted && rig.transport.statusTopic == "gpioagg/barn/status")
        #expect(rig.transport.subscriptions.contains("gpioagg/barn/override/set"))
    }

    @Test("junk on /set: the first payload logged, the rest counted and said once a minute; a good command still acts")
    func junkCommandSummary() throws {
        let rig = try Rig(Self.garage)
        rig.connect()
        for _ in 0..<1_000 { rig.transport.publishFromAnotherClient(Self.overrideSet, "maybe") }
        rig.daemon.loop.run()
        let junk = "on \(Self.overrideSet): a command is"
        #expect(rig.messages.filter { $0.contains(junk) }.count == 1, "\(rig.messages.suffix(3))")
        #expect(rig.messages.contains { $0.hasPrefix("ignoring 'maybe' on \(Self.overrideSet): a command is ") })
        rig.daemon.loop.advance(by: .seconds(59))
        #expect(rig.logged("ignored ").isEmpty)
        rig.daemon.loop.advance(by: .seconds(1))
        #expect(rig.logged("ignored ").count == 1)
        #expect(rig.logged("ignored 999 more payloads on \(Self.overrideSet) in the last 60 s: a command is ").count == 1,
                "\(rig.logged("ignored "))")
        rig.publish(Self.overrideSet, "ON")
        #expect(rig.input("override") == true)
        rig.daemon.loop.advance(by: .seconds(120))
        #expect(rig.logged("ignored ").count == 1, "a quiet minute says nothing")
    }
}

import Bridge
import Config
import Engine
import Foundation
import Locks
import Logging
import LoopEmbedded
import MQTTEmbedded
import PWM
import PWMSimulated
@testable import Service
import GPIOSimulated
import Reactive
import Simulation
import TestSupport
import Testing
import Values

/// PWM outputs on MQTT in virtual time: an engine on a simulated PWM controller, the
/// bridge on the transport's in-memory twin. Home Assistant's light, fan and number
/// payloads set the duty cycle; the state topics follow. The same against a real
/// mosquitto: `MQTTPWMBrokerTests`.
@Suite("The MQTT bridge with PWM outputs in virtual time")
struct MQTTBridgePWMTests {
    static let body = """
        chips:
          pwm: { pwm: fe20c000.pwm }
        inputs:
          cpu: { command: true, type: number, initial: 40, unit: "°C" }
        signals:
          fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
        outputs:
          strip: { chip: pwm, channel: 0, frequency: 1kHz, command: true, name: "LED strip" }
          workshop_fan: { chip: pwm, channel: 1, frequency: 25kHz, command: true, entity: fan }
          pump: { chip: pwm, channel: 2, frequency: 1kHz, command: true, entity: number, initial: 20 }
          cpu_fan: { chip: pwm, channel: 3, frequency: 25kHz, follows: fan_speed }
        """

    /// An engine with a simulated PWM controller and its bridge on `EmbeddedMQTTTransport`.
    final class Rig {
        let loop = EmbeddedEventLoop()
        let pwm = SimulatedPWMBackend(controllers: [.init(deviceName: "fe20c000.pwm", number: 0, channelCount: 4)])
        let engine: Engine
        let transport: EmbeddedMQTTTransport
        let bridge: MQTTBridge
        let entries = LockedValueBox<[LogEntry]>([])
        private var observation: AnyCancellable?

        init(_ body: String = MQTTBridgePWMTests.body) throws {
            let configuration = try ConfigLoader.parse("""
                mqtt:
                  broker: mqtt://broker.invalid
                  node: garage
                \(body)
                """, file: "gpioagg.yaml")
            let entries = entries
            let logger = Logger(label: "test") { _ in RecordingLogHandler(entries: entries) }
            engine = Engine(configuration: configuration, backend: SimulatedBackend.simulating(configuration, clock: loop),
                            pwm: pwm, loop: loop, logger: logger)
            try engine.start()
            let declaration = try #require(configuration.mqtt)
            transport = EmbeddedMQTTTransport(loop: loop, statusTopic: declaration.topics.statusTopic)
            bridge = MQTTBridge(declaration: declaration, configuration: configuration, engine: engine, loop: loop,
                                transport: transport, version: "test", logger: logger, connectionChanged: {})
            observation = engine.observeChanges { [bridge] change in bridge.engineChanged(change) }
            bridge.start()
            transport.acceptConnection()
            loop.run()
        }

        deinit {
            observation?.cancel()
            engine.stop()
        }

        /// Another client publishes, and the loop runs what follows.
        func publish(_ topic: String, _ payload: String) {
            transport.publishFromAnotherClient(topic, payload)
            loop.run()
        }

        func retained(_ topic: String) -> String? { transport.retainedText(topic) }

        /// The duty cycle the channel runs, in percent.
        func duty(_ channel: Int) -> Double? { pwm.state(of: "fe20c000.pwm", channel: channel)?.percent }

        func target(_ name: String) -> NodeValue? { engine.snapshot().value(named: name)?.value }

        var messages: [String] { entries.withLockedValue { $0.map(\.message) } }

        func count(_ topic: String) -> Int { transport.publishedTopics.filter { $0 == topic }.count }
    }

    @Test("on connect: each PWM output's percentage, a light's and a fan's ON/OFF, the subscriptions and four configs")
    func onConnect() throws {
        let rig = try Rig()
        #expect(rig.retained("gpioagg/garage/strip") == "0.0")
        #expect(rig.retained("gpioagg/garage/strip/state") == "OFF")
        #expect(rig.retained("gpioagg/garage/workshop_fan/state") == "OFF")
        #expect(rig.retained("gpioagg/garage/pump") == "20.0")
        #expect(rig.retained("gpioagg/garage/pump/available") == "online")
        #expect(rig.retained("gpioagg/garage/pump/state") == nil, "a number has no on/off topic")
        #expect(rig.retained("gpioagg/garage/cpu_fan") == "30.0", "40 °C is below the curve: 30 %")
        #expect(rig.retained("gpioagg/garage/cpu_fan/state") == nil)
        for topic in ["gpioagg/garage/strip/set", "gpioagg/garage/workshop_fan/set", "gpioagg/garage/pump/set"] {
            #expect(rig.transport.subscriptions.contains(topic), "\(topic)")
        }
        #expect(!rig.transport.subscriptions.contains("gpioagg/garage/cpu_fan/set"), "no command: true")
        let light = try #require(rig.retained("homeassistant/light/garage/strip/config"))
        #expect(light.contains(#""brightness_command_topic":"gpioagg/garage/strip/set","brightness_state_topic":"gpioagg/garage/strip","brightness_scale":100,"on_command_type":"brightness""#),
                "\(light)")
        #expect(light.hasPrefix(#"{"name":"LED strip""#))
        let fan = try #require(rig.retained("homeassistant/fan/garage/workshop_fan/config"))
        #expect(fan.contains(#""percentage_command_topic":"gpioagg/garage/workshop_fan/set""#), "\(fan)")
        let number = try #require(rig.retained("homeassistant/number/garage/pump/config"))
        #expect(number.contains(#""min":0,"max":100,"step":1,"unit_of_measurement":"%","mode":"slider""#), "\(number)")
        let sensor = try #require(rig.retained("homeassistant/sensor/garage/cpu_fan/config"))
        #expect(sensor.contains(#""unit_of_measurement":"%","state_class":"measurement","suggested_display_precision":1"#),
                "\(sensor)")
    }

    @Test("a light: brightness 40 sets 40 %, OFF 0, ON (Home Assistant's last brightness, or the word) back to 40; the state follows")
    func light() throws {
        let rig = try Rig()
        rig.publish("gpioagg/garage/strip/set", "40")
        #expect(rig.duty(0) == 40)
        #expect(rig.target("strip") == .number(40, "%"))
        #expect(rig.retained("gpioagg/garage/strip") == "40.0")
        #expect(rig.retained("gpioagg/garage/strip/state") == "ON")
        rig.publish("gpioagg/garage/strip/set", "OFF")
        #expect(rig.duty(0) == 0)
        #expect(rig.retained("gpioagg/garage/strip") == "0.0")
        #expect(rig.retained("gpioagg/garage/strip/state") == "OFF")
        rig.publish("gpioagg/garage/strip/set", "ON")
        #expect(rig.duty(0) == 40, "on is the last duty cycle above 0")
        #expect(rig.retained("gpioagg/garage/strip/state") == "ON")
        rig.publish("gpioagg/garage/strip/set", "toggle")
        #expect(rig.duty(0) == 0)
        rig.publish("gpioagg/garage/strip/set", "40")
        let published = rig.count("gpioagg/garage/strip/state")
        rig.publish("gpioagg/garage/strip/set", "75")
        #expect(rig.retained("gpioagg/garage/strip") == "75.0")
        #expect(rig.count("gpioagg/garage/strip/state") == published, "still on: the on/off topic is not published again")
    }

    @Test("a fan: ON then a percentage, as Home Assistant sends them; OFF; the percentage on its state topic")
    func fan() throws {
        let rig = try Rig()
        rig.publish("gpioagg/garage/workshop_fan/set", "ON")
        #expect(rig.duty(1) == 100, "on with no duty cycle before it: 100 %")
        rig.publish("gpioagg/garage/workshop_fan/set", "65")
        #expect(rig.duty(1) == 65)
        #expect(rig.retained("gpioagg/garage/workshop_fan") == "65.0")
        #expect(rig.retained("gpioagg/garage/workshop_fan/state") == "ON")
        rig.publish("gpioagg/garage/workshop_fan/set", "OFF")
        #expect(rig.duty(1) == 0)
        #expect(rig.retained("gpioagg/garage/workshop_fan/state") == "OFF")
    }

    @Test("a number: its value, a decimal among them")
    func number() throws {
        let rig = try Rig()
        rig.publish("gpioagg/garage/pump/set", "55.5")
        #expect(rig.target("pump") == .number(55.5, "%"))
        #expect(abs((rig.duty(2) ?? 0) - 55.5) < 1e-9)
        #expect(rig.retained("gpioagg/garage/pump") == "55.5")
        #expect(rig.retained("gpioagg/garage/pump/available") == "online")
    }

    @Test("refused: a percentage outside 0 to 100 and junk are logged, the first of each topic, and change nothing; the loop goes on")
    func refused() throws {
        let rig = try Rig()
        rig.publish("gpioagg/garage/strip/set", "40")
        rig.publish("gpioagg/garage/strip/set", "140")
        #expect(rig.duty(0) == 40)
        #expect(rig.messages.contains(
            "ignoring '140' on gpioagg/garage/strip/set: 'strip' takes 0 to 100 (%), on, off or toggle, not 140.0 (more are counted and said once a minute)"),
                "\(rig.messages)")
        rig.publish("gpioagg/garage/pump/set", "PRESS")
        #expect(rig.messages.contains(
            "ignoring 'PRESS' on gpioagg/garage/pump/set: a command is a percentage from 0 to 100 (e.g. 40), ON, OFF or TOGGLE (more are counted and said once a minute)"),
                "\(rig.messages)")
        rig.publish("gpioagg/garage/pump/set", "junk")
        #expect(rig.messages.filter { $0.hasPrefix("ignoring 'junk'") }.isEmpty, "the second on a topic is counted")
        rig.publish("gpioagg/garage/strip/set", "0")
        #expect(rig.duty(0) == 0, "still taking commands")
    }

    @Test("a retained command on a PWM output's /set, delivered on the next connect, is ignored")
    func retainedIgnored() throws {
        let rig = try Rig()
        rig.transport.dropConnection()
        rig.loop.advance(by: .seconds(1))
        rig.transport.publishFromAnotherClient("gpioagg/garage/strip/set", "80", retained: true)
        rig.transport.acceptConnection()
        rig.loop.run()
        #expect(rig.transport.isConnected)
        #expect(rig.duty(0) == 0)
        #expect(rig.messages.contains { $0.hasPrefix("ignoring a retained command on gpioagg/garage/strip/set") },
                "\(rig.messages)")
    }

    @Test("a PWM output that follows a fan curve publishes its percentage as its input moves")
    func followsCurve() throws {
        let rig = try Rig()
        rig.publish("gpioagg/garage/cpu/set", "60")
        #expect(rig.retained("gpioagg/garage/cpu_fan") == "65.0")
        #expect(rig.duty(3) == 65)
    }
}

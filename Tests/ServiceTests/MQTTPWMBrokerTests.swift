#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Bridge
import Config
import Engine
import Foundation
import GPIOSimulated
import Locks
import Logging
import Loop
import MosquittoTesting
import MQTT
import PWMSimulated
import Reactive
@testable import Service
import Simulation
import TestSupport
import Testing
import Values

/// PWM outputs on a real mosquitto: an engine on a simulated PWM controller and its
/// bridge on libmosquitto, on a `PosixEventLoop` as the daemon runs them. Home
/// Assistant's own payloads (its light's brightness and `OFF`, its fan's `ON` and
/// percentage, its number's value) come from `mosquitto_pub`; the states are read back
/// from the broker.
@Suite("PWM outputs on a real broker", .serialized, .enabled(if: Tools.haveBroker, Comment(rawValue: Tools.noBroker)),
       .tags(.broker))
struct MQTTPWMBrokerTests {
    /// The engine, its PWM controller and its bridge, made and dropped on the loop's thread.
    final class Node: @unchecked Sendable {
        final class Parts {
            var engine: Engine?
            var bridge: MQTTBridge?
            var observation: AnyCancellable?
        }

        let loop: PosixEventLoop
        let pwm = SimulatedPWMBackend(controllers: [.init(deviceName: "fe20c000.pwm", number: 0, channelCount: 4)])
        let entries = LockedValueBox<[LogEntry]>([])
        private let parts: LoopBound<Parts>

        init(broker: TestBroker) throws {
            let configuration = try ConfigLoader.parse("""
                mqtt:
                  broker: \(broker.url)
                  node: garage
                \(MQTTBridgePWMTests.body)
                """, file: "gpioagg.yaml")
            let declaration = try #require(configuration.mqtt)
            loop = try PosixEventLoop()
            let entries = entries, pwm = pwm
            let logger = Logger(label: "test") { _ in RecordingLogHandler(entries: entries) }
            parts = try loop.sync { [loop] () throws -> LoopBound<Parts> in
                let parts = Parts()
                let engine = Engine(configuration: configuration, backend: SimulatedBackend.simulating(configuration, clock: loop),
                                    pwm: pwm, loop: loop, logger: logger)
                try engine.start()
                let client = try MQTTClient.forDeclaration(declaration, loop: loop, logger: logger)
                let bridge = MQTTBridge(declaration: declaration, configuration: configuration, engine: engine, loop: loop,
                                        transport: client, version: "test", logger: logger, connectionChanged: {})
                parts.observation = engine.observeChanges { [weak bridge] change in bridge?.engineChanged(change) }
                bridge.start()
                parts.engine = engine
                parts.bridge = bridge
                return LoopBound(parts, loop: loop)
            }
        }

        /// `offline`, a clean disconnect, the engine's safe values; then the loop ends.
        func stop() {
            let done = Semaphore()
            let parts = parts
            loop.sync {
                parts.value.observation?.cancel()
                parts.value.engine?.stop()
                guard let bridge = parts.value.bridge else { return done.signal() }
                bridge.stop { done.signal() }
            }
            _ = done.wait(timeout: .seconds(5))
            loop.sync {
                parts.value.bridge = nil
                parts.value.engine = nil
            }
            loop.stop()
        }

        /// The duty cycle channel `channel` runs, in percent, read on the loop.
        func duty(_ channel: Int) -> Double? {
            let pwm = pwm
            return loop.sync { pwm.state(of: "fe20c000.pwm", channel: channel)?.percent }
        }

        /// Polls the duty cycle until it is `percent`, up to 10 s.
        func waitForDuty(_ channel: Int, _ percent: Double) -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if let duty = duty(channel), abs(duty - percent) < 1e-9 { return true }
                usleep(20_000)
            }
            return false
        }
    }

    static func waitForRetained(_ broker: TestBroker, _ topic: String, _ value: String) throws -> Bool {
        try Tools.waitForRetained(port: broker.port, topic: topic, value)
    }

    @Test("Home Assistant's light: brightness 40 is 40 %, OFF 0, ON back to 40; a fan's ON and percentage; a number; the states on the broker")
    func homeAssistantPayloads() throws {
        let broker = try TestBroker()
        let node = try Node(broker: broker)
        defer { node.stop() }
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/status", "online"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip/state", "OFF"))
        let light = try #require(try Tools.retainedValue(port: broker.port, topic: "homeassistant/light/garage/strip/config"))
        #expect(light.contains(#""on_command_type":"brightness""#), "\(light)")
        #expect(try Tools.retainedValue(port: broker.port, topic: "homeassistant/fan/garage/workshop_fan/config") != nil)
        #expect(try Tools.retainedValue(port: broker.port, topic: "homeassistant/number/garage/pump/config") != nil)

        // The light, dimmed to 40 %: Home Assistant sends the brightness alone.
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/strip/set", payload: "40")
        #expect(node.waitForDuty(0, 40))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip", "40.0"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip/state", "ON"))
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/strip/set", payload: "OFF")
        #expect(node.waitForDuty(0, 0))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip/state", "OFF"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip", "0.0"))
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/strip/set", payload: "ON")
        #expect(node.waitForDuty(0, 40), "ON brings back the last brightness")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip", "40.0"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip/state", "ON"))

        // The fan turned on at 65 %: ON, then the percentage.
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/workshop_fan/set", payload: "ON")
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/workshop_fan/set", payload: "65")
        #expect(node.waitForDuty(1, 65))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/workshop_fan", "65.0"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/workshop_fan/state", "ON"))

        // The number set to 55.
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/pump/set", payload: "55")
        #expect(node.waitForDuty(2, 55))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/pump", "55.0"))

        // Junk and a percentage out of range are logged and change nothing.
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/strip/set", payload: "150")
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/workshop_fan/set", payload: "PRESS")
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/pump/set", payload: "45")
        #expect(node.waitForDuty(2, 45), "the loop goes on after the refusals")
        #expect(node.duty(0) == 40)
        #expect(node.duty(1) == 65)
        let messages = node.entries.withLockedValue { $0.map(\.message) }
        #expect(messages.contains { $0.hasPrefix("ignoring '150' on gpioagg/garage/strip/set: 'strip' takes 0 to 100 (%)") },
                "\(messages)")
        #expect(messages.contains { $0.hasPrefix("ignoring 'PRESS' on gpioagg/garage/workshop_fan/set: a command is a percentage") },
                "\(messages)")
    }
}

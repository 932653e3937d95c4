import Config
import Foundation
import JSON
import MQTTEmbedded
import Service
import Testing

/// Home Assistant's controls on the bridge, in virtual time on the transport's twin: the
/// names people read, buttons, switches on outputs. The same against a real mosquitto:
/// gpioaggTests' MQTTControlsDaemonTests.
@Suite("The MQTT bridge: Home Assistant's controls")
struct MQTTBridgeControlsTests {
    typealias Rig = MQTTBridgeTests.Rig

    /// The discovery config published on `topic`, parsed.
    static func config(_ rig: Rig, _ topic: String) throws -> JSONObject {
        let text = try #require(rig.transport.retainedText(topic), "no config on \(topic)")
        guard case .object(let object) = try JSONValue(parsing: Array(text.utf8)) else {
            Issue.record("\(topic) is not a JSON object")
            return JSONObject()
        }
        return object
    }

    @Test("discovery names each entity by its name:, else by its identifier made readable; ids and topics keep the identifier")
    func names() throws {
        let rig = try Rig("""
            inputs:
              door: { chip: main, line: 4, name: "Front door" }
              gate: { command: true }
            signals:
              open: { not: door, name: "Door open" }
            outputs:
              porch_light: { chip: main, line: 5, follows: open }
            """)
        rig.connect()
        let door = try Self.config(rig, "homeassistant/binary_sensor/garage/door/config")
        #expect(door["name"] == .string("Front door"))
        #expect(door["unique_id"] == .string("garage_door"))
        #expect(door["default_entity_id"] == .string("binary_sensor.garage_door"))
        #expect(try Self.config(rig, "homeassistant/switch/garage/gate/config")["name"] == .string("Gate"))
        #expect(try Self.config(rig, "homeassistant/binary_sensor/garage/open/config")["name"] == .string("Door open"))
        let light = try Self.config(rig, "homeassistant/binary_sensor/garage/porch_light/config")
        #expect(light["name"] == .string("Porch light"))
        #expect(light["state_topic"] == .string("gpioagg/garage/porch_light"))
    }
}

extension MQTTBridgeControlsTests {
    static let gate = """
        inputs:
          gate_open: { command: press, name: "Open the gate" }
          override: { command: true }
        outputs:
          gate_relay: { chip: main, line: GPIO7, follows: gate_open, pulse: 1s }
        """
    static let gateSet = "gpioagg/garage/gate_open/set"

    @Test("a pressed input is a button: PRESS on its /set, no state topic")
    func buttonDiscovery() throws {
        let rig = try Rig(Self.gate)
        rig.connect()
        let config = try Self.config(rig, "homeassistant/button/garage/gate_open/config")
        #expect(config["name"] == .string("Open the gate"))
        #expect(config["command_topic"] == .string(Self.gateSet))
        #expect(config["payload_press"] == .string("PRESS"))
        #expect(config["state_topic"] == nil)
        #expect(rig.transport.retainedText("gpioagg/garage/gate_open") == nil, "a button has no state")
        #expect(rig.transport.subscriptions.contains(Self.gateSet))
    }

    @Test("PRESS (any case) on /set pulses the relay each time; ON, OFF and TOGGLE are refused, saying PRESS")
    func pressOverMQTT() throws {
        let rig = try Rig(Self.gate)
        rig.connect()
        for payload in ["PRESS", "press"] {
            rig.publish(Self.gateSet, payload)
            #expect(rig.transport.retainedText("gpioagg/garage/gate_relay") == "ON", "\(payload)")
            rig.daemon.loop.advance(by: .seconds(1))
            #expect(rig.transport.retainedText("gpioagg/garage/gate_relay") == "OFF", "\(payload)")
        }
        rig.publish(Self.gateSet, "ON")
        #expect(rig.transport.retainedText("gpioagg/garage/gate_relay") == "OFF")
        #expect(rig.logged("ignoring 'ON' on \(Self.gateSet): a command is PRESS").count == 1, "\(rig.messages)")
        rig.publish("gpioagg/garage/override/set", "PRESS")
        #expect(rig.input("override") == false)
        #expect(rig.logged("ignoring 'PRESS' on gpioagg/garage/override/set: a command is ON, OFF, TOGGLE").count == 1)
    }

    @Test("gpioagg set presses a pressed input and refuses on/off/toggle on it, and press on an input with a level")
    func setOverTheSocket() throws {
        let rig = try Rig(Self.gate)
        rig.connect()
        #expect(rig.daemon.daemon.handle(.set(name: "gate_open", value: .command(.press))) == .ok)
        #expect(rig.daemon.daemon.engine.snapshot().outputs["gate_relay"] == .on)
        #expect(rig.daemon.daemon.handle(.set(name: "gate_open", value: .on))
            == .failure("'gate_open' is pressed (command: press): write press"))
        #expect(rig.daemon.daemon.handle(.set(name: "gate_open", value: .number(1)))
            == .failure("'gate_open' is pressed (command: press): write press"))
        #expect(rig.daemon.daemon.handle(.set(name: "override", value: .command(.press)))
            == .failure("'override' is on or off: write on, off or toggle"))
        #expect(rig.daemon.daemon.handle(.sim(name: "gate_open", action: .toggle)) == .failure(
            "'gate_open' is a command input, not a simulated line; press it with gpioagg set gate_open press"))
    }
}

extension MQTTBridgeControlsTests {
    static let lights = """
        inputs:
          hall_motion: { chip: main, line: GPIO17 }
        outputs:
          porch_light: { chip: main, line: GPIO5, command: true, name: "Porch light", device_class: outlet }
          hall_light: { chip: main, line: GPIO6, follows: hall_motion, command: true }
          gate_relay: { chip: main, line: GPIO7, command: true, pulse: 1s }
        """

    @Test("an output with command: true is a switch: its state the line's value, ON/OFF/TOGGLE on its /set")
    func switchOutput() throws {
        let rig = try Rig(Self.lights)
        rig.connect()
        let config = try Self.config(rig, "homeassistant/switch/garage/porch_light/config")
        #expect(config["name"] == .string("Porch light"))
        #expect(config["device_class"] == .string("outlet"))
        #expect(config["command_topic"] == .string("gpioagg/garage/porch_light/set"))
        #expect(config["state_topic"] == .string("gpioagg/garage/porch_light"))
        #expect(rig.transport.subscriptions.contains("gpioagg/garage/porch_light/set"))
        for (payload, expected) in [("ON", "ON"), ("TOGGLE", "OFF"), ("true", "ON"), ("off", "OFF")] {
            rig.publish("gpioagg/garage/porch_light/set", payload)
            #expect(rig.transport.retainedText("gpioagg/garage/porch_light") == expected, "\(payload)")
        }
        rig.publish("gpioagg/garage/porch_light/set", "PRESS")
        #expect(rig.logged("ignoring 'PRESS' on gpioagg/garage/porch_light/set: a command is ON, OFF, TOGGLE").count == 1)
    }

    @Test("a command output with follows: Home Assistant's OFF holds until the motion next changes")
    func followsWithOverride() throws {
        let rig = try Rig(Self.lights)
        rig.connect()
        rig.daemon.chip.setActive(.name("GPIO17"), true)
        rig.daemon.loop.run()
        #expect(rig.transport.retainedText("gpioagg/garage/hall_light") == "ON")
        rig.publish("gpioagg/garage/hall_light/set", "OFF")
        #expect(rig.transport.retainedText("gpioagg/garage/hall_light") == "OFF")
        rig.daemon.chip.setActive(.name("GPIO17"), false)
        rig.daemon.loop.run()
        rig.daemon.chip.setActive(.name("GPIO17"), true)
        rig.daemon.loop.run()
        #expect(rig.transport.retainedText("gpioagg/garage/hall_light") == "ON", "follows the motion again")
    }

    @Test("ON on a gate relay with pulse: every ON pulses it, the state going ON then OFF each time")
    func pulseEveryOn() throws {
        let rig = try Rig(Self.lights)
        rig.connect()
        for _ in 0..<2 {
            rig.publish("gpioagg/garage/gate_relay/set", "ON")
            #expect(rig.transport.retainedText("gpioagg/garage/gate_relay") == "ON")
            rig.daemon.loop.advance(by: .seconds(1))
            #expect(rig.transport.retainedText("gpioagg/garage/gate_relay") == "OFF")
        }
    }

    @Test("gpioagg set works on a command output and says why a plain output cannot be set")
    func setCommandOutputOverTheSocket() throws {
        let rig = try Rig(Self.lights + "\n  plain: { chip: main, line: GPIO8, follows: hall_motion }")
        #expect(rig.daemon.daemon.handle(.set(name: "porch_light", value: .on)) == .ok)
        #expect(rig.daemon.chip.level(of: .name("GPIO5")) == true)
        #expect(rig.daemon.daemon.handle(.set(name: "porch_light", value: .toggle)) == .ok)
        #expect(rig.daemon.chip.level(of: .name("GPIO5")) == false)
        #expect(rig.daemon.daemon.handle(.set(name: "porch_light", value: .command(.press)))
            == .failure("'porch_light' is on or off: write on, off or toggle"))
        #expect(rig.daemon.daemon.handle(.set(name: "plain", value: .on))
            == .failure("'plain' is an output that follows hall_motion: only outputs with command: true can be set"))
    }
}

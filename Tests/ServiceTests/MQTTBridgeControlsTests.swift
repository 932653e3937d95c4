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

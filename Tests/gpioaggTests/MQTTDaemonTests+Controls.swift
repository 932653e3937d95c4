import Foundation
import MosquittoTesting
import TestSupport
import Testing

extension MQTTDaemonTests {
    @Test("Home Assistant's controls on a real broker: PRESS on a button moves what follows it, ON and OFF move a switch output's line; discovery names them")
    func controls() throws {
        let broker = try TestBroker()
        let node = try Self.start(Self.config(broker: broker, node: "garage", body: """
            inputs:
              gate_open: { command: press, name: "Open the gate" }
            signals:
              gate_toggled: { toggle: gate_open }
            outputs:
              gate_relay: { chip: main, line: GPIO7, follows: gate_open, pulse: 100ms }
              gate_lamp: { chip: main, line: GPIO8, follows: gate_toggled }
              porch_light: { chip: main, line: GPIO5, command: true, name: "Porch light", device_class: outlet }
            """))
        defer { kill(node.daemon.process.processIdentifier, SIGTERM); _ = node.daemon.finish() }
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/porch_light", "OFF"))
        let button = try #require(try Tools.retainedValue(port: broker.port,
                                                          topic: "homeassistant/button/garage/gate_open/config"))
        #expect(button.hasPrefix(#"{"name":"Open the gate","unique_id":"garage_gate_open""#), "\(button)")
        #expect(button.contains(#""command_topic":"gpioagg/garage/gate_open/set","payload_press":"PRESS""#), "\(button)")
        let light = try #require(try Tools.retainedValue(port: broker.port,
                                                         topic: "homeassistant/switch/garage/porch_light/config"))
        #expect(light.hasPrefix(#"{"name":"Porch light","unique_id":"garage_porch_light""#), "\(light)")
        #expect(light.contains(#""device_class":"outlet","command_topic":"gpioagg/garage/porch_light/set","state_topic":"gpioagg/garage/porch_light""#),
                "\(light)")

        // Home Assistant's exact payloads.
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/gate_open/set", payload: "PRESS")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/gate_lamp", "ON"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/gate_relay", "OFF"))
        let press = try runProduct("gpioagg", ["set", "gate_open", "press", "--control", node.socket])
        #expect(press.status == 0, "\(press.errors)")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/gate_lamp", "OFF"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/gate_relay", "OFF"))
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/porch_light/set", payload: "ON")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/porch_light", "ON"))
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/porch_light/set", payload: "OFF")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/porch_light", "OFF"))
        let refused = try runProduct("gpioagg", ["set", "gate_open", "on", "--control", node.socket])
        #expect(refused.status != 0 && refused.errors.contains("'gate_open' is pressed (command: press): write press"),
                "\(refused.errors)")

        kill(node.daemon.process.processIdentifier, SIGTERM)
        let result = node.daemon.finish()
        let relay = result.lines.filter { $0.contains("output gate_relay on") }
        #expect(relay.count == 2, "each press pulsed the relay: \(result.lines)")
        #expect(result.lines.filter { $0.contains("input gate_open activated") }.count == 2, "\(result.lines)")
        #expect(Self.printed(result, "output porch_light on"), "\(result.lines)")
    }
}

import Foundation
import MosquittoTesting
import TestSupport
import Testing

extension MQTTDaemonTests {
    @Test("a counter: a total_increasing sensor and a reset button in Home Assistant, its total set by /set, the button's 0 and gpioagg set; its rate a measurement")
    func counter() throws {
        let broker = try TestBroker()
        let node = try Self.start(Self.config(broker: broker, node: "garage", body: """
            inputs:
              meter: { chip: main, line: GPIO17 }
            signals:
              water: { count: meter, multiply: 2.5, unit: L, device_class: water, reset: true }
              flow: { rate: water, per: 1m }
            """))
        defer { kill(node.daemon.process.processIdentifier, SIGTERM); _ = node.daemon.finish() }
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/water", "0.00"))
        let sensor = try #require(try Tools.retainedValue(port: broker.port,
                                                          topic: "homeassistant/sensor/garage/water/config"))
        #expect(sensor.contains(#""device_class":"water""#), "\(sensor)")
        #expect(sensor.contains(#""unit_of_measurement":"L","state_class":"total_increasing""#), "\(sensor)")
        #expect(!sensor.contains("command_topic"), "a sensor has no command topic: its button does")
        let button = try #require(try Tools.retainedValue(port: broker.port,
                                                          topic: "homeassistant/button/garage/water/config"))
        #expect(button.hasPrefix(#"{"name":"Water reset","unique_id":"garage_water_reset""#), "\(button)")
        #expect(button.contains(#""command_topic":"gpioagg/garage/water/set","payload_press":"0""#), "\(button)")
        #expect(!button.contains("state_topic"), "\(button)")
        let flow = try #require(try Tools.retainedValue(port: broker.port, topic: "homeassistant/sensor/garage/flow/config"))
        #expect(flow.contains(#""unit_of_measurement":"L/min","state_class":"measurement""#), "\(flow)")

        for _ in 0..<2 {
            let pulse = try runProduct("gpioagg", ["sim", "pulse", "meter", "--for", "20ms", "--control", node.socket])
            #expect(pulse.status == 0, "\(pulse.errors)")
        }
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/water", "5.00"))

        try Tools.publish(port: broker.port, topic: "gpioagg/garage/water/set", payload: "12345.6")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/water", "12345.60"))
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/water/set", payload: "0")   // the button
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/water", "0.00"))
        let set = try runProduct("gpioagg", ["set", "water", "7", "--control", node.socket])
        #expect(set.status == 0, "\(set.errors)")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/water", "7.00"))
        let refused = try runProduct("gpioagg", ["set", "water", "off", "--control", node.socket])
        #expect(refused.status != 0 && refused.errors.contains("'water' is a counter: write its new total"),
                "\(refused.errors)")
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/water/set", payload: "-3")
        // The broker passes them on in the order it took them: once 8 is taken, -3 was refused.
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/water/set", payload: "8")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/water", "8.00"))

        kill(node.daemon.process.processIdentifier, SIGTERM)
        let result = node.daemon.finish()
        #expect(Self.printed(result, "ignoring '-3' on gpioagg/garage/water/set: -3.00 is below 0, and 'water' is a total: 0 or more"),
                "\(result.lines) \(result.errors)")
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/garage/water") == "8.00")
    }
}

import Foundation
import MosquittoTesting
import TestSupport
import Testing

extension MQTTDaemonTests {
    @Test("internal: true keeps a node off the broker while the graph uses it; a period counter's attributes are retained")
    func internalNodesAndPeriodAttributes() throws {
        let broker = try TestBroker()
        let node = try Self.start(Self.config(broker: broker, node: "porch", body: """
            clock: { timezone: UTC, trust: always }
            inputs:
              motion: { chip: main, line: GPIO17, internal: true }
              override: { command: true, internal: true }
              guest: { command: true }
              tip: { chip: main, line: GPIO27 }
            signals:
              lit: { any: [motion, override] }
              rain_today: { count: tip, multiply: 0.2794, unit: mm, period: day }
            outputs:
              lamp: { chip: main, line: GPIO5, follows: lit }
              guest_light: { chip: main, line: GPIO6, follows: guest }
            """))
        defer { kill(node.daemon.process.processIdentifier, SIGTERM); _ = node.daemon.finish() }
        #expect(try Self.waitForRetained(broker, "gpioagg/porch/lamp", "OFF"))
        let attributes = try #require(try Tools.retainedValue(port: broker.port, topic: "gpioagg/porch/rain_today/attributes"))
        #expect(attributes.hasPrefix(#"{"period":"day","period_start":""#) && attributes.contains("T00:00:00+00:00"),
                "\(attributes)")
        #expect(attributes.hasSuffix(#""last_period_total":null}"#), "\(attributes)")
        let sensor = try #require(try Tools.retainedValue(port: broker.port,
                                                          topic: "homeassistant/sensor/porch/rain_today/config"))
        #expect(sensor.contains(#""json_attributes_topic":"gpioagg/porch/rain_today/attributes""#), "\(sensor)")
        for topic in ["gpioagg/porch/motion", "gpioagg/porch/override", "homeassistant/binary_sensor/porch/motion/config",
                      "homeassistant/switch/porch/override/config"] {
            #expect(try Tools.retainedValue(port: broker.port, topic: topic) == nil, "\(topic)")
        }
        // No command topic: a /set to the internal input moves nothing. The broker passes
        // messages on in the order it took them: once the guest light is on, the
        // override's /set before it was not taken.
        try Tools.publish(port: broker.port, topic: "gpioagg/porch/override/set", payload: "ON")
        try Tools.publish(port: broker.port, topic: "gpioagg/porch/guest/set", payload: "ON")
        #expect(try Self.waitForRetained(broker, "gpioagg/porch/guest_light", "ON"))
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/porch/lamp") == "OFF")
        // gpioagg set still does, as for any node.
        let set = try runProduct("gpioagg", ["set", "override", "on", "--control", node.socket])
        #expect(set.status == 0, "\(set.errors)")
        #expect(try Self.waitForRetained(broker, "gpioagg/porch/lamp", "ON"))
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/porch/override") == nil)
    }
}

extension MQTTDaemonTests {
    @Test("an override's select: announced, its mode retained, a choice on mode/set holds the output through what it follows")
    func overrideSelect() throws {
        let broker = try TestBroker()
        let node = try Self.start(Self.config(broker: broker, node: "pit", body: """
            inputs:
              float_high: { command: true }
            outputs:
              sump_pump: { chip: main, line: GPIO5, follows: float_high, override: true }
            """))
        defer { kill(node.daemon.process.processIdentifier, SIGTERM); _ = node.daemon.finish() }
        #expect(try Self.waitForRetained(broker, "gpioagg/pit/sump_pump/mode", "auto"))
        let select = try #require(try Tools.retainedValue(port: broker.port, topic: "homeassistant/select/pit/sump_pump/config"))
        #expect(select.contains(#""options":["auto","on","off"]"#), "\(select)")
        try Tools.publish(port: broker.port, topic: "gpioagg/pit/sump_pump/mode/set", payload: "off")
        #expect(try Self.waitForRetained(broker, "gpioagg/pit/sump_pump/mode", "off"))
        try Tools.publish(port: broker.port, topic: "gpioagg/pit/float_high/set", payload: "ON")
        #expect(try Self.waitForRetained(broker, "gpioagg/pit/float_high", "ON"))
        #expect(try Tools.retainedValue(port: broker.port, topic: "gpioagg/pit/sump_pump") == "OFF", "forced off")
        try Tools.publish(port: broker.port, topic: "gpioagg/pit/sump_pump/mode/set", payload: "auto")
        #expect(try Self.waitForRetained(broker, "gpioagg/pit/sump_pump", "ON"))
    }
}

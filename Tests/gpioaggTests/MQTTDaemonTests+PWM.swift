import Foundation
import MosquittoTesting
import TestSupport
import Testing

extension MQTTDaemonTests {
    @Test("a PWM light under --simulate on a real broker: Home Assistant's brightness and OFF, gpioagg set strip 40|on|off, and a fan without command: true refused")
    func pwmLight() throws {
        let broker = try TestBroker()
        let node = try Self.start("""
            chips:
              pwm: { pwm: fe20c000.pwm }
            mqtt:
              broker: \(broker.url)
              node: garage
            inputs:
              cpu: { command: true, type: number, initial: 60, unit: "°C" }
            signals:
              fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
            outputs:
              strip: { chip: pwm, channel: 0, frequency: 1kHz, command: true, name: "LED strip" }
              fan: { chip: pwm, channel: 1, frequency: 25kHz, follows: fan_speed }
            """)
        defer { kill(node.daemon.process.processIdentifier, SIGTERM); _ = node.daemon.finish() }
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip/state", "OFF"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "65.0"))
        let light = try #require(try Tools.retainedValue(port: broker.port, topic: "homeassistant/light/garage/strip/config"))
        #expect(light.hasPrefix(#"{"name":"LED strip","unique_id":"garage_strip""#), "\(light)")
        #expect(try Tools.retainedValue(port: broker.port, topic: "homeassistant/sensor/garage/fan/config") != nil)

        try Tools.publish(port: broker.port, topic: "gpioagg/garage/strip/set", payload: "40")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip", "40.0"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip/state", "ON"))
        try Tools.publish(port: broker.port, topic: "gpioagg/garage/strip/set", payload: "OFF")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip/state", "OFF"))

        let on = try runProduct("gpioagg", ["set", "strip", "on", "--control", node.socket])
        #expect(on.status == 0, "\(on.errors)")
        #expect(on.lines == ["strip 40.0 %"], "\(on.lines)")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip", "40.0"))
        let set = try runProduct("gpioagg", ["set", "strip", "75", "--control", node.socket])
        #expect(set.lines == ["strip 75.0 %"], "\(set.lines)")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/strip", "75.0"))
        let tooMuch = try runProduct("gpioagg", ["set", "strip", "140", "--control", node.socket])
        #expect(tooMuch.status != 0 && tooMuch.errors.contains("'strip' takes 0 to 100 (%), on, off or toggle, not 140.0"),
                "\(tooMuch.errors)")
        let fan = try runProduct("gpioagg", ["set", "fan", "50", "--control", node.socket])
        #expect(fan.status != 0
                    && fan.errors.contains("'fan' is a PWM output that follows fan_speed: only outputs with command: true can be set"),
                "\(fan.errors)")
    }
}

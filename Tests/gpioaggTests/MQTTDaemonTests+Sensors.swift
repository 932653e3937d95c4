import Foundation
import MosquittoTesting
import TestSupport
import Testing

extension MQTTDaemonTests {
    @Test("a sensor input under --simulate: a Home Assistant sensor with its channel's class and unit, unavailable until sim set gives it a reading")
    func sensorInput() throws {
        let broker = try TestBroker()
        let node = try Self.start(Self.config(broker: broker, node: "garage", body: """
            inputs:
              cpu: { thermal: cpu-thermal, interval: 10s }
              pressure: { iio: bme280, channel: pressure, unit: hPa, precision: 1 }
            signals:
              hot: { threshold: cpu, above: 70, fallback: on }
            outputs:
              fan: { chip: main, line: GPIO5, follows: hot }
            """))
        defer { kill(node.daemon.process.processIdentifier, SIGTERM); _ = node.daemon.finish() }
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/cpu/available", "offline"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "ON"), "an unavailable temperature: the fallback")
        let cpu = try #require(try Tools.retainedValue(port: broker.port, topic: "homeassistant/sensor/garage/cpu/config"))
        #expect(cpu.contains(#""device_class":"temperature""#) && cpu.contains(#""unit_of_measurement":"°C""#), "\(cpu)")
        let pressure = try #require(try Tools.retainedValue(port: broker.port,
                                                            topic: "homeassistant/sensor/garage/pressure/config"))
        #expect(pressure.contains(#""device_class":"pressure""#) && pressure.contains(#""unit_of_measurement":"hPa""#),
                "\(pressure)")

        let set = try runProduct("gpioagg", ["sim", "set", "cpu", "45.5", "--control", node.socket])
        #expect(set.status == 0, "\(set.errors)")
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/cpu", "45.50"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/cpu/available", "online"))
        #expect(try Self.waitForRetained(broker, "gpioagg/garage/fan", "OFF"))
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Foundation
import MQTTEmbedded
import Service
import Testing
import Values

/// Numbers on MQTT in virtual time: values as decimals, Home Assistant's `sensor` and
/// `number`, each number's availability topic, numeric `/set` commands and numeric
/// remote inputs. The same paths against a real mosquitto: gpioaggTests' MQTTDaemonTests.
@Suite("The MQTT bridge with numbers in virtual time")
struct MQTTBridgeNumberTests {
    typealias Rig = MQTTBridgeTests.Rig

    /// A set point from Home Assistant, the outside temperature from a weather station,
    /// the shed's temperature from another gpioagg node, and a heater on a threshold.
    static let greenhouse = """
        inputs:
          setpoint: { command: true, type: number, initial: 21, min: 5, max: 30, step: 0.5, unit: "°C", mode: slider, precision: 1, device_class: temperature }
          outside: { topic: weather/outside, type: number, unit: "°C" }
          shed_temp: { topic: gpioagg/shed/temp, type: number, unit: "°C", fallback: 10, hold: 5s }
        signals:
          warm: { mean: [outside], precision: 1, state_class: total, filters: [ { heartbeat: 10s } ] }
          heat: { threshold: outside, below: setpoint, hysteresis: 0.5 }
        outputs:
          heater: { chip: main, line: GPIO5, follows: heat }
        """

    static let setpointSet = "gpioagg/garage/setpoint/set"

    func value(_ rig: Rig, _ name: String) -> NodeValue? {
        rig.daemon.daemon.engine.snapshot().value(named: name)?.value
    }

    @Test("on connect: each number at its precision, each one's availability, a sensor and a number in discovery")
    func numbersOnConnect() throws {
        let rig = try Rig(Self.greenhouse)
        rig.connect()
        let transport = rig.transport
        #expect(transport.retainedText("gpioagg/garage/setpoint") == "21.0")
        #expect(transport.retainedText("gpioagg/garage/setpoint/available") == "online")
        #expect(transport.retainedText("gpioagg/garage/shed_temp") == "10.00", "its fallback")
        #expect(transport.retainedText("gpioagg/garage/outside") == nil, "unavailable publishes no value")
        #expect(transport.retainedText("gpioagg/garage/outside/available") == "offline")
        #expect(transport.retainedText("gpioagg/garage/warm/available") == "offline")
        #expect(transport.retainedText("gpioagg/garage/heat") == "OFF")
        #expect(transport.retainedText("gpioagg/garage/heat/available") == nil, "a level has no availability topic")
        let number = try #require(transport.retainedText("homeassistant/number/garage/setpoint/config"))
        for part in [#""command_topic":"gpioagg/garage/setpoint/set""#, #""min":5"#, #""max":30"#, #""step":0.5"#,
                     #""unit_of_measurement":"°C""#, #""mode":"slider""#, #""availability_mode":"all""#,
                     #""topic":"gpioagg/garage/setpoint/available""#] {
            #expect(number.contains(part), "\(part) in \(number)")
        }
        let warm = try #require(transport.retainedText("homeassistant/sensor/garage/warm/config"))
        for part in [#""unit_of_measurement":"°C""#, #""state_class":"total""#, #""suggested_display_precision":1"#,
                     #""topic":"gpioagg/garage/warm/available""#] {
            #expect(warm.contains(part), "\(part) in \(warm)")
        }
        #expect(transport.retainedText("homeassistant/sensor/garage/outside/config") != nil)
        #expect(transport.retainedText("homeassistant/switch/garage/setpoint/config") == nil)
        #expect(transport.retainedText("homeassistant/binary_sensor/garage/warm/config") == nil)
        #expect(transport.subscriptions.contains(Self.setpointSet))
    }

    @Test("a sensor input is a Home Assistant sensor with its channel's device class and unit; a reading is published")
    func sensorInput() throws {
        let rig = try Rig("""
            inputs:
              cpu: { thermal: cpu-thermal }
              pressure: { iio: bme280, channel: pressure, unit: hPa, precision: 1, device_class: atmospheric_pressure }
            """)
        rig.connect()
        let transport = rig.transport
        #expect(transport.retainedText("gpioagg/garage/cpu/available") == "offline", "unavailable until its first reading")
        let cpu = try #require(transport.retainedText("homeassistant/sensor/garage/cpu/config"))
        for part in [#""device_class":"temperature""#, #""unit_of_measurement":"°C""#, #""state_class":"measurement""#] {
            #expect(cpu.contains(part), "\(part) in \(cpu)")
        }
        let pressure = try #require(transport.retainedText("homeassistant/sensor/garage/pressure/config"))
        for part in [#""device_class":"atmospheric_pressure""#, #""unit_of_measurement":"hPa""#] {
            #expect(pressure.contains(part), "\(part) in \(pressure)")
        }
        rig.daemon.daemon.engine.update(.input("cpu"), to: .number(48.25, .none))
        rig.daemon.loop.run()
        #expect(transport.retainedText("gpioagg/garage/cpu") == "48.25")
        #expect(transport.retainedText("gpioagg/garage/cpu/available") == "online")
    }

    @Test("a numeric remote input: a decimal payload is its value; anything else is no value, quoted, and unavailable")
    func remoteNumber() throws {
        let rig = try Rig(Self.greenhouse)
        rig.connect()
        rig.publish("weather/outside", "3.5\n")
        #expect(value(rig, "outside") == .number(3.5, "°C"))
        #expect(rig.transport.retainedText("gpioagg/garage/outside") == "3.50")
        #expect(rig.transport.retainedText("gpioagg/garage/outside/available") == "online")
        #expect(rig.transport.retainedText("gpioagg/garage/warm") == "3.5")
        #expect(rig.transport.retainedText("gpioagg/garage/heater") == "ON", "3.5 is below the set point")
        let published = rig.count("gpioagg/garage/outside")

        rig.publish("weather/outside", "nan")
        #expect(value(rig, "outside") == .unavailable)
        #expect(rig.transport.retainedText("gpioagg/garage/outside/available") == "offline")
        #expect(rig.count("gpioagg/garage/outside") == published, "unavailable publishes no value")
        #expect(rig.messages.contains(
            "input outside at its fallback (unavailable): the last message on weather/outside, 'nan', is not a decimal number"),
                "\(rig.messages)")

        rig.publish("weather/outside", "4")
        #expect(rig.transport.retainedText("gpioagg/garage/outside") == "4.00")
        #expect(rig.transport.retainedText("gpioagg/garage/outside/available") == "online")
    }

    @Test("another node's number: not taken while its status is unknown or offline; held for hold:, then the fallback")
    func remoteNumberTrust() throws {
        let rig = try Rig(Self.greenhouse)
        rig.transport.publishFromAnotherClient("gpioagg/shed/temp", "12.5", retained: true)
        rig.connect()
        #expect(value(rig, "shed_temp") == .number(10, "°C"), "no status from the shed yet")
        rig.publish("gpioagg/shed/status", "online", retained: true)
        #expect(value(rig, "shed_temp") == .number(12.5, "°C"))
        rig.publish("gpioagg/shed/status", "offline", retained: true)
        #expect(rig.logged("input shed_temp keeps its last value (12.50 °C) for up to 5s: node shed is offline").count == 1,
                "\(rig.messages)")
        rig.daemon.loop.advance(by: .milliseconds(4_999))
        #expect(value(rig, "shed_temp") == .number(12.5, "°C"), "held")
        rig.daemon.loop.advance(by: .milliseconds(1))
        #expect(value(rig, "shed_temp") == .number(10, "°C"))
        #expect(rig.transport.retainedText("gpioagg/garage/shed_temp") == "10.00")
        #expect(rig.messages.contains("input shed_temp at its fallback (10.00 °C): node shed is offline for 5s"),
                "\(rig.messages)")

        // Back online with its value, then the shed's sensor stops answering: its value
        // stays retained, its availability topic says offline.
        rig.publish("gpioagg/shed/status", "online", retained: true)
        #expect(value(rig, "shed_temp") == .number(12.5, "°C"))
        #expect(rig.transport.subscriptions.contains("gpioagg/shed/temp/available"))
        rig.publish("gpioagg/shed/temp/available", "offline", retained: true)
        #expect(value(rig, "shed_temp") == .number(10, "°C"))
        #expect(rig.messages.contains(
            "input shed_temp at its fallback (10.00 °C): node shed says gpioagg/shed/temp is unavailable"), "\(rig.messages)")
    }

    @Test("a heartbeat's repeat publishes the same value again")
    func heartbeatRepeats() throws {
        let rig = try Rig(Self.greenhouse)
        rig.connect()
        rig.publish("weather/outside", "3.5")
        let sent = rig.count("gpioagg/garage/warm")
        let availability = rig.count("gpioagg/garage/warm/available")
        rig.daemon.loop.advance(by: .seconds(9))
        #expect(rig.count("gpioagg/garage/warm") == sent)
        rig.daemon.loop.advance(by: .seconds(1))
        #expect(rig.count("gpioagg/garage/warm") == sent + 1)
        #expect(rig.transport.retainedText("gpioagg/garage/warm") == "3.5")
        #expect(rig.count("gpioagg/garage/warm/available") == availability, "availability goes only when it changes")
    }

    @Test("/set on a number: a decimal sets it through the graph; junk and out of range are refused, the value unchanged")
    func numericSet() throws {
        let rig = try Rig(Self.greenhouse)
        rig.connect()
        rig.publish("weather/outside", "22")
        #expect(rig.transport.retainedText("gpioagg/garage/heater") == "OFF")
        rig.publish(Self.setpointSet, "22.5")
        #expect(value(rig, "setpoint") == .number(22.5, "°C"))
        #expect(rig.transport.retainedText("gpioagg/garage/setpoint") == "22.5")
        #expect(rig.transport.retainedText("gpioagg/garage/heater") == "ON", "22 is now below the set point")

        rig.publish(Self.setpointSet, "31")
        #expect(value(rig, "setpoint") == .number(22.5, "°C"))
        #expect(rig.messages.contains(
            "ignoring '31' on \(Self.setpointSet): 31.0 is outside what 'setpoint' takes: 5.0 to 30.0 (more are counted and said once a minute)"),
                "\(rig.messages.suffix(3))")
        rig.daemon.loop.advance(by: .seconds(60))
        rig.publish(Self.setpointSet, "warm")
        #expect(value(rig, "setpoint") == .number(22.5, "°C"))
        #expect(rig.messages.contains(
            "ignoring 'warm' on \(Self.setpointSet): a command is a decimal number (e.g. 21.5) (more are counted and said once a minute)"),
                "\(rig.messages.suffix(3))")
        for _ in 0..<99 { rig.transport.publishFromAnotherClient(Self.setpointSet, "ON") }
        rig.daemon.loop.advance(by: .seconds(60))
        #expect(rig.logged("ignored 99 more payloads on \(Self.setpointSet) in the last 60 s: a command is a decimal number (e.g. 21.5)")
            .count == 1, "\(rig.logged("ignored"))")
        rig.publish(Self.setpointSet, "5")
        #expect(value(rig, "setpoint") == .number(5, "°C"), "a good command still acts")
    }

    @Test("a retained number on /set is ignored")
    func retainedNumberIgnored() throws {
        let rig = try Rig(Self.greenhouse)
        rig.transport.publishFromAnotherClient(Self.setpointSet, "25", retained: true)
        rig.connect()
        #expect(value(rig, "setpoint") == .number(21, "°C"))
        #expect(rig.logged("ignoring a retained command on \(Self.setpointSet)").count == 1)
    }

    @Test("a reload that drops a number clears its config, its value and its availability topic")
    func reloadRemovesNumber() throws {
        let rig = try Rig(Self.greenhouse)
        rig.connect()
        #expect(rig.transport.retainedText("gpioagg/garage/setpoint/available") == "online")
        let without = Self.greenhouse
            .replacingOccurrences(of: "below: setpoint", with: "below: 20")
            .split(separator: "\n").filter { !$0.contains("setpoint: {") }.joined(separator: "\n")
        try rig.daemon.rewrite(Rig.config(node: "garage", without))
        rig.daemon.daemon.handle(signal: SIGHUP)
        rig.daemon.loop.run()
        #expect(rig.transport.retainedText("homeassistant/number/garage/setpoint/config") == nil, "\(rig.messages.suffix(5))")
        #expect(rig.transport.retainedText("gpioagg/garage/setpoint") == nil)
        #expect(rig.transport.retainedText("gpioagg/garage/setpoint/available") == nil)
        #expect(rig.transport.retainedText("gpioagg/garage/outside/available") == "offline", "what stays is kept")
        #expect(!rig.transport.subscriptions.contains(Self.setpointSet))
    }
}

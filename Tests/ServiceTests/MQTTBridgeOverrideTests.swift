#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import MQTTEmbedded
import Service
import Testing

/// An output's override on the MQTT twin: a `select` named "<Name> mode" beside the
/// output's entity, its mode retained on `<name>/mode`, chosen on `<name>/mode/set`.
@Suite("Overrides on MQTT")
struct MQTTBridgeOverrideTests {
    typealias Rig = MQTTBridgeTests.Rig

    static let sump = """
        inputs:
          float_high: { command: true }
        outputs:
          sump_pump: { chip: main, line: GPIO5, follows: float_high, override: true, name: "Sump pump" }
        """
    static let select = "homeassistant/select/garage/sump_pump/config"

    @Test("the select is announced with auto, on and off, its mode retained; a choice holds the pump through its float")
    func selectChooses() throws {
        let rig = try Rig(Self.sump)
        rig.connect()
        let config = try #require(rig.transport.retainedText(Self.select))
        #expect(config.contains(#""name":"Sump pump mode","unique_id":"garage_sump_pump_mode""#), "\(config)")
        #expect(config.contains(#""command_topic":"gpioagg/garage/sump_pump/mode/set","state_topic":"gpioagg/garage/sump_pump/mode","options":["auto","on","off"]"#), "\(config)")
        #expect(rig.transport.retainedText("gpioagg/garage/sump_pump/mode") == "auto")
        #expect(rig.transport.retainedText("homeassistant/binary_sensor/garage/sump_pump/config") != nil, "the pump's own entity stays")
        #expect(rig.transport.subscriptions.contains("gpioagg/garage/sump_pump/mode/set"))
        rig.publish("gpioagg/garage/sump_pump/mode/set", "off")
        #expect(rig.transport.retainedText("gpioagg/garage/sump_pump/mode") == "off")
        rig.publish("gpioagg/garage/float_high/set", "ON")
        #expect(rig.transport.retainedText("gpioagg/garage/sump_pump") == "OFF", "forced off through the float")
        rig.publish("gpioagg/garage/sump_pump/mode/set", "auto")
        #expect(rig.transport.retainedText("gpioagg/garage/sump_pump") == "ON")
        #expect(rig.transport.retainedText("gpioagg/garage/sump_pump/mode") == "auto")
        // gpioagg set's choice reaches Home Assistant too.
        #expect(rig.daemon.daemon.handle(.set(name: "sump_pump", value: .on)) == .ok)
        rig.daemon.loop.run()
        #expect(rig.transport.retainedText("gpioagg/garage/sump_pump/mode") == "on")
    }

    @Test("junk on the mode's topic is refused with what it takes; a reload without override: removes the select")
    func junkAndReload() throws {
        let rig = try Rig(Self.sump)
        rig.connect()
        rig.publish("gpioagg/garage/sump_pump/mode/set", "toggle")
        #expect(rig.messages.contains { $0.hasPrefix("ignoring 'toggle' on gpioagg/garage/sump_pump/mode/set: a command is auto, on or off") },
                "\(rig.messages)")
        #expect(rig.transport.retainedText("gpioagg/garage/sump_pump/mode") == "auto")
        try rig.daemon.rewrite(Rig.config(node: "garage", Self.sump.replacingOccurrences(of: ", override: true", with: "")))
        rig.daemon.daemon.handle(signal: SIGHUP)
        rig.daemon.loop.run()
        #expect(rig.transport.retainedText(Self.select) == nil)
        #expect(rig.transport.retainedText("gpioagg/garage/sump_pump/mode") == nil)
        #expect(!rig.transport.subscriptions.contains("gpioagg/garage/sump_pump/mode/set"))
    }
}

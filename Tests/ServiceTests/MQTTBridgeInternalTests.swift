#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import MQTTEmbedded
import Service
import Testing

/// `internal: true` on the MQTT twin: an internal node has no entity, no state and no
/// command topic, while the graph uses it as any other; a reload that makes a node
/// internal removes its entity, one that makes it public again announces it.
@Suite("Internal nodes on MQTT")
struct MQTTBridgeInternalTests {
    typealias Rig = MQTTBridgeTests.Rig

    static let porch = """
        inputs:
          motion: { chip: main, line: GPIO17, internal: true }
          override: { command: true, internal: true }
        signals:
          lit: { any: [motion, override], device_class: light }
          recent: { not: lit, internal: true }
        outputs:
          lamp: { chip: main, line: GPIO5, follows: lit }
        """

    @Test("an internal input, command input and signal publish nothing and take no command; the rest as before")
    func nothingPublished() throws {
        let rig = try Rig(Self.porch)
        rig.connect()
        let topics = Set(rig.transport.publishedTopics)
        for name in ["motion", "override", "recent"] {
            #expect(!topics.contains { $0.hasPrefix("gpioagg/garage/\(name)") || $0.hasSuffix("/garage/\(name)/config") },
                    "\(name): \(topics.sorted())")
        }
        #expect(rig.transport.retainedText("gpioagg/garage/lit") == "OFF")
        #expect(rig.transport.retainedText("homeassistant/binary_sensor/garage/lit/config") != nil)
        #expect(rig.transport.retainedText("homeassistant/binary_sensor/garage/lamp/config") != nil)
        #expect(!rig.transport.subscriptions.contains("gpioagg/garage/override/set"), "\(rig.transport.subscriptions)")
        // The graph still uses them: set from the control socket, as gpioagg set does.
        #expect(rig.daemon.daemon.handle(.set(name: "override", value: .on)) == .ok)
        rig.daemon.loop.run()
        #expect(rig.transport.retainedText("gpioagg/garage/lit") == "ON")
        #expect(rig.transport.retainedText("gpioagg/garage/lamp") == "ON")
        #expect(rig.transport.retainedText("gpioagg/garage/recent") == nil)
    }

    @Test("a reload that makes a node internal removes its entity and its value; back public, it is announced again")
    func reloadHidesAndShows() throws {
        let rig = try Rig(Self.porch)
        rig.connect()
        let litConfig = "homeassistant/binary_sensor/garage/lit/config"
        #expect(rig.transport.retainedText(litConfig) != nil)
        let hidden = Self.porch.replacingOccurrences(of: "device_class: light }", with: "device_class: light, internal: true }")
        #expect(hidden != Self.porch)
        try rig.daemon.rewrite(Rig.config(node: "garage", hidden))
        rig.daemon.daemon.handle(signal: SIGHUP)
        rig.daemon.loop.run()
        #expect(rig.transport.retainedText(litConfig) == nil)
        #expect(rig.transport.retainedText("gpioagg/garage/lit") == nil)
        #expect(rig.transport.published.contains { $0.topic == litConfig && $0.retained && $0.payload.isEmpty })
        #expect(rig.transport.retainedText("homeassistant/binary_sensor/garage/lamp/config") != nil, "the rest stays")
        let shown = Self.porch.replacingOccurrences(of: "override: { command: true, internal: true }",
                                                    with: "override: { command: true }")
        try rig.daemon.rewrite(Rig.config(node: "garage", shown))
        rig.daemon.daemon.handle(signal: SIGHUP)
        rig.daemon.loop.run()
        #expect(rig.transport.retainedText(litConfig) != nil)
        #expect(rig.transport.retainedText("homeassistant/switch/garage/override/config") != nil)
        #expect(rig.transport.subscriptions.contains("gpioagg/garage/override/set"))
        rig.publish("gpioagg/garage/override/set", "ON")
        #expect(rig.transport.retainedText("gpioagg/garage/lit") == "ON")
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@testable import Engine
import Foundation
import MQTTEmbedded
@testable import Service
import Testing

/// A reload storm leaves memory where it was: once a reload is applied, nothing holds
/// the engine it replaced, any part of that engine's graph, or a bridge it let go of.
/// What one of them keeps (a cycle between a signal and its rule, an observer that
/// holds its engine) grows the daemon by its size at every SIGHUP.
@Suite("Reloads keep nothing of what they replace")
struct ReloadMemoryTests {
    /// Something that was part of the daemon, watched without being kept.
    final class Watched {
        weak var object: AnyObject?
        let what: String
        init(_ object: AnyObject, _ what: String) {
            self.object = object
            self.what = what
        }
    }

    /// Every kind of node whose rule or detector a signal keeps for `why`, numbers and
    /// their rules, a cover, a remote input, on MQTT with discovery.
    static func config(node: String) -> String {
        """
        chips:
          main: { label: pinctrl-bcm2711 }
        mqtt:
          broker: mqtt://broker.invalid
          node: \(node)
        inputs:
          button: { chip: main, line: GPIO17, debounce: 10ms }
          meter: { chip: main, line: GPIO27 }
          closed: { chip: main, line: GPIO23 }
          opened: { chip: main, line: GPIO24 }
          cpu: { command: true, type: number, initial: 45, unit: "°C" }
          weather: { topic: weather/rain, fallback: off, hold: 5s }
        signals:
          clicked: { click: button }
          light: { toggle: clicked }
          hot: { threshold: cpu, above: 50 }
          fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
          water: { count: meter, multiply: 1, unit: L }
          flow: { rate: water, per: 1m, unit: L/min }
          both: { all: [button, weather], within: 2s }
          paired: { zip: [button, meter] }
        outputs:
          lamp: { chip: main, line: GPIO5, follows: light }
          fan: { chip: main, line: GPIO6, follows: hot }
          buzzer: { chip: main, line: GPIO7, follows: both }
          relay: { chip: main, line: GPIO8, pulse: 500ms }
        covers:
          door: { relay: relay, closed: closed, open: opened, travel: 15s }
        """
    }

    /// The engine and every signal, number, cover and output of its graph.
    static func watch(_ engine: Engine, _ label: String) -> [Watched] {
        [Watched(engine, "\(label): the engine")]
            + engine.signals.map { Watched($0, "\(label): signal \($0.name)") }
            + engine.numbers.map { Watched($0, "\(label): number \($0.name)") }
            + engine.covers.map { Watched($0, "\(label): cover \($0.name)") }
            + engine.outputs.map { Watched($0, "\(label): output \($0.name)") }
    }

    @Test("after reloads of an unchanged config and of another mqtt:, no old engine, graph node or bridge is left")
    func nothingKept() throws {
        let rig = try DaemonTests.Rig(Self.config(node: "garage"), mqttTransport: { declaration, loop, _ in
            EmbeddedMQTTTransport(loop: loop, statusTopic: declaration.topics.statusTopic)
        })
        try rig.daemon.start()
        rig.loop.run()
        var watched: [Watched] = []
        for reload in 1...3 {
            watched += Self.watch(rig.daemon.engine, "before reload \(reload)")
            try rig.rewrite(Self.config(node: "garage") + "\n# reload \(reload)\n")
            rig.daemon.handle(signal: SIGHUP)
            rig.loop.run()
        }
        // Another node: the bridge is replaced, and the old one goes once it said offline.
        let bridge = try #require(rig.daemon.mqtt.bridge.map(ObjectIdentifier.init))
        watched.append(Watched(try #require(rig.daemon.mqtt.bridge), "the bridge of node garage"))
        watched += Self.watch(rig.daemon.engine, "before the reload to node shed")
        try rig.rewrite(Self.config(node: "shed"))
        rig.daemon.handle(signal: SIGHUP)
        rig.loop.advance(by: .seconds(1))
        #expect(rig.messages.filter { $0.hasPrefix("reloaded ") }.count == 4, "\(rig.messages)")
        #expect(rig.daemon.mqtt.bridge.map(ObjectIdentifier.init) ?? bridge != bridge)

        let kept = watched.filter { $0.object != nil }.map(\.what)
        #expect(kept.isEmpty, "still alive: \(kept)")
        rig.daemon.handle(signal: SIGTERM)
        rig.loop.advance(by: .seconds(1))
    }
}

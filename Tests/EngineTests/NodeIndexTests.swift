import Config
@testable import Engine
import Testing
import Values

/// The engine's one index of nodes (`Engine.nodes`, `EngineNode`): every node the
/// configuration declares is in it once, under its kind, whatever the kind, and it is
/// what `Engine.set` and `Engine.snapshot()` ask.
@Suite("One index of the engine's nodes")
struct NodeIndexTests {
    static let text = CoverGraphTests.text
        .replacingOccurrences(of: "inputs:\n", with: """
            inputs:
              override: { command: true }
              gate_open: { command: press }
              setpoint: { command: true, type: number, min: 5, max: 30, initial: 20, unit: "°C" }
              meter: { chip: main, line: GPIO17 }

            """)
        .replacingOccurrences(of: "signals:\n", with: """
            signals:
              water: { count: meter, unit: L, precision: 1 }
              warm: { threshold: setpoint, above: 25 }
              frost: { not: top }

            """)

    @Test("every declared input, signal, output and cover is in the index once, under its kind")
    func everyNode() throws {
        let harness = EngineHarness(try ConfigLoader.parse(Self.text, file: "nodes.yaml"))
        try harness.start()
        let engine = harness.engine
        let configuration = engine.configuration
        let declared = configuration.inputNames.map(NodeID.input) + configuration.signals.map { .signal($0.name) }
            + configuration.outputNames.map(NodeID.output) + configuration.covers.map { .cover($0.name) }
        #expect(engine.nodes.count == declared.count)
        #expect(Set(engine.nodes.map(\.value.id)) == Set(declared))
        for (name, node) in engine.nodes { #expect(node.name == name) }
        // A counter stands for its number (it takes a new total); a numeric input is its number.
        #expect(engine.nodes["water"] is Counter)
        #expect(engine.nodes["setpoint"] is NumberNode)
        #expect(engine.nodes["garage_door"] is CoverNode)
    }

    @Test("the snapshot holds each node's value and the precision its numbers are shown with")
    func snapshotFromTheNodes() throws {
        let harness = EngineHarness(try ConfigLoader.parse(Self.text, file: "nodes.yaml"))
        try harness.start()
        harness.set("GPIO17", true)
        harness.set("GPIO17", false)
        let snapshot = harness.engine.snapshot()
        #expect(snapshot.inputs["setpoint"] == .number(20, "°C"))
        #expect(snapshot.signals["water"] == .number(1, "L"))
        #expect(snapshot.precision(of: "water") == 1)
        #expect(snapshot.signals["frost"] == .on)
        #expect(snapshot.inputs["override"] == .off)
        #expect(snapshot.outputs["blinds_up"] == .off)
        #expect(snapshot.covers["blinds"] != nil && snapshot.precision(of: "blinds") == 0)
        #expect(snapshot.signals.count == 4 && snapshot.inputs.count == 6 && snapshot.outputs.count == 3
                && snapshot.covers.count == 2)
    }

    @Test("update gives a node a value from its own source: a number outside a command's min and max, unavailable, a level; nothing else takes one")
    func updateFromTheSource() throws {
        let harness = EngineHarness(try ConfigLoader.parse(Self.text, file: "nodes.yaml"))
        try harness.start()
        let engine = harness.engine
        #expect(engine.update(.input("setpoint"), to: .number(40, .none)) == .number(40, "°C"), "a reading, not a command")
        #expect(engine.set("setpoint", .number(40)).refusal?.reason == .value, "a command keeps to min: and max:")
        #expect(engine.value(of: .signal("warm")) == .on)
        #expect(engine.update(.input("setpoint"), to: .unavailable) == .unavailable)
        #expect(engine.update(.input("setpoint"), to: .on) == nil, "a level is no number")
        #expect(engine.update(.input("override"), to: .on) == .on)
        #expect(engine.value(of: .input("override")) == .on)
        #expect(engine.update(.signal("frost"), to: .off) == nil)
        #expect(engine.update(.input("top"), to: .on) == nil, "a line moves an input on a line")
        #expect(engine.update(.output("blinds_up"), to: .on) == nil)
        #expect(engine.update(.signal("setpoint"), to: .number(1, .none)) == nil, "a name of another kind")
        engine.stop()
        #expect(engine.update(.input("override"), to: .off) == nil, "not running")
    }
}

import JSON
import Testing
import Values
@testable import Web

@Suite("Web: the graph as the page draws it, ranked from each node's operands")
struct WebGraphTests {
    /// The board's nodes, in the order a configuration declares them by kind.
    static let traits: [NodeTraits] = [
        NodeTraits(.input("switch1"), form: .level, typeName: "line input", declared: SourceLine(file: "g.yaml", line: 4)),
        NodeTraits(.input("override"), form: .level, setting: .command, typeName: "command input"),
        NodeTraits(.input("setpoint"), form: .number(NumberForm(unit: "°C", precision: 1, minimum: 5, maximum: 30, step: 0.5)),
                   setting: .number, typeName: "command input"),
        NodeTraits(.input("probe"), form: .number(NumberForm(unit: "°C")), typeName: "sensor input"),
        NodeTraits(.signal("not_switch"), form: .level, typeName: "not", operands: ["switch1"]),
        NodeTraits(.signal("all_on"), form: .level, typeName: "all", operands: ["switch1", "not_switch", "override"]),
        NodeTraits(.signal("evening"), form: .level, typeName: "between"),
        NodeTraits(.output("ready_led"), form: .level, setting: .override, typeName: "line output", operands: ["all_on"]),
        NodeTraits(.output("relay"), form: .level, typeName: "line output"),
        NodeTraits(.output("fan"), form: .duty, setting: .duty(.fan), typeName: "pwm output", operands: ["probe"]),
        NodeTraits(.cover("garage"), form: .cover(positioned: false), setting: .cover, typeName: "garage door",
                   operands: ["relay", "switch1"]),
    ]

    @Test("inputs rank 0, every other node one more than its deepest operand; listed by rank, then as declared")
    func ranks() {
        let graph = WebGraph(traits: Self.traits)
        let ranks = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.traits.name, $0.rank) })
        for node in graph.nodes {
            let deepest = node.traits.operands.compactMap { ranks[$0] }.max()
            let expected = node.traits.id.kind == .input ? 0 : (deepest ?? 0) + 1
            #expect(node.rank == expected, "\(node.traits.name)")
        }
        #expect(ranks["all_on"] == 2 && ranks["ready_led"] == 3 && ranks["garage"] == 2 && ranks["evening"] == 1)
        #expect(graph.nodes.map(\.traits.name) == ["switch1", "override", "setpoint", "probe", "not_switch", "evening",
                                                   "relay", "fan", "all_on", "garage", "ready_led"])
    }

    @Test("a node listed before its operand still ranks after it")
    func order() {
        let graph = WebGraph(traits: [
            NodeTraits(.cover("door"), form: .cover(positioned: false), operands: ["relay"]),
            NodeTraits(.output("relay"), form: .level, operands: ["a"]),
            NodeTraits(.input("a"), form: .level),
        ])
        #expect(graph.nodes.map(\.traits.name) == ["a", "relay", "door"])
        #expect(graph.nodes.map(\.rank) == [0, 1, 2])
    }

    @Test("each node's JSON: kind, type, operands, where it is declared, its form, unit, and what a set takes")
    func json() throws {
        let document = WebGraph(traits: Self.traits).json(controls: false, history: .seconds(7200))
        #expect(document["controls"] == .bool(false))
        #expect(document["history_seconds"] == .number(7200))
        guard case .array(let nodes)? = document["nodes"] else {
            Issue.record("no nodes in \(document.serialized)")
            return
        }
        func node(_ name: String) -> JSONValue? { nodes.first { $0["name"] == .string(name) } }
        #expect(node("switch1")?.serialized == #"{"name":"switch1","kind":"input","label":null,"type":"line input","rank":0,"#
            + #""operands":[],"declared":"g.yaml:4","form":"level","unit":null,"precision":null,"set":[],"number":null}"#)
        #expect(node("setpoint")?["unit"] == .string("°C"))
        #expect(node("setpoint")?["precision"] == .number(1))
        #expect(node("setpoint")?["number"]?.serialized == #"{"min":5,"max":30,"step":0.5}"#)
        #expect(node("override")?["set"] == .array([.string("on"), .string("off"), .string("toggle")]))
        #expect(node("ready_led")?["set"] == .array([.string("auto"), .string("on"), .string("off")]))
        #expect(node("fan")?["form"] == .string("duty"))
        #expect(node("fan")?["unit"] == .string("%"))
        #expect(node("fan")?["number"]?.serialized == #"{"min":0,"max":100,"step":null}"#)
        #expect(node("garage")?["kind"] == .string("cover"))
        #expect(node("garage")?["set"] == .array([.string("open"), .string("close"), .string("stop")]))
        #expect(node("garage")?["number"] == .null, "a door on one relay has no position")
        #expect(node("all_on")?["operands"] == .array([.string("switch1"), .string("not_switch"), .string("override")]))
    }
}

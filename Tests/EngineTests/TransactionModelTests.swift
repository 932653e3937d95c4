import Config
@testable import Engine
import Testing
import Values

/// Seeded random graphs (all, any, none, not, at_least, toggles with and without reset,
/// latches of either dominance, and a counter on every level) driven by random input
/// changes, one or several inputs per transaction, checked after every transaction
/// against a reference evaluator written here: each node computed once, in order, from
/// its operands' settled values. Also checked: what observers hear, at most one change
/// per node per transaction, and always the settled value.
@Suite("One transaction per event: random graphs against a reference evaluator")
struct TransactionModelTests {
    /// A small deterministic generator (SplitMix64): the same seed gives the same graph
    /// and the same steps on every machine.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    enum Form {
        case all([Int]), any([Int]), none([Int]), not(Int), atLeast(Int, [Int])
        case toggle(Int, reset: Int?), latch(set: Int, reset: Int, dominantSet: Bool)
    }

    /// A graph: `inputs` command inputs, then the signals, each reading only earlier
    /// nodes (index < its own: inputs are 0..<inputs, signal k is inputs + k).
    struct Graph {
        var inputs: Int
        var initial: [Bool]
        var forms: [Form]

        func name(_ node: Int) -> String { node < inputs ? "i\(node)" : "s\(node - inputs)" }

        var configText: String {
            var text = "inputs:\n"
            for index in 0..<inputs { text += "  i\(index): { command: true, initial: \(initial[index] ? "on" : "off") }\n" }
            text += "signals:\n"
            for (index, form) in forms.enumerated() {
                let list = { (nodes: [Int]) in "[" + nodes.map(name).joined(separator: ", ") + "]" }
                let body: String
                switch form {
                case .all(let nodes): body = "all: \(list(nodes))"
                case .any(let nodes): body = "any: \(list(nodes))"
                case .none(let nodes): body = "none: \(list(nodes))"
                case .not(let node): body = "not: \(name(node))"
                case .atLeast(let count, let nodes): body = "at_least: { count: \(count), of: \(list(nodes)) }"
                case .toggle(let node, nil): body = "toggle: \(name(node))"
                case .toggle(let node, let reset?): body = "toggle: \(name(node)), reset: \(name(reset))"
                case .latch(let set, let reset, let dominantSet):
                    body = "latch: { set: \(name(set)), reset: \(name(reset))\(dominantSet ? ", dominant: set" : "") }"
                }
                text += "  s\(index): { \(body) }\n"
                text += "  c\(index): { count: s\(index) }\n"
            }
            return text
        }

        static func random(_ generator: inout Generator) -> Graph {
            let inputs = 2 + generator.below(4)
            let initial = (0..<inputs).map { _ in generator.chance(50) }
            var forms: [Form] = []
            let signals = 4 + generator.below(12)
            for index in 0..<signals {
                let available = inputs + index
                // Operands from the last few nodes more often: diamonds and chains.
                func operand() -> Int {
                    generator.chance(60) ? max(0, available - 1 - generator.below(min(available, 4)))
                        : generator.below(available)
                }
                // Distinct: the config refuses a name listed twice.
                func operands(_ wanted: Int? = nil) -> [Int] {
                    let count = min(available, wanted ?? 2 + generator.below(3))
                    var nodes: [Int] = []
                    while nodes.count < count {
                        let node = operand()
                        if !nodes.contains(node) { nodes.append(node) }
                    }
                    return nodes
                }
                switch generator.below(8) {
                case 0: forms.append(.all(operands()))
                case 1: forms.append(.any(operands()))
                case 2: forms.append(.none(operands()))
                case 3: forms.append(.not(operand()))
                case 4:
                    let nodes = operands()
                    forms.append(.atLeast(1 + generator.below(nodes.count), nodes))
                case 5:
                    let pair = operands(2)
                    forms.append(.toggle(pair[0], reset: generator.chance(50) ? pair[1] : nil))
                default:
                    let pair = operands(2)
                    forms.append(.latch(set: pair[0], reset: pair[1], dominantSet: generator.chance(30)))
                }
            }
            return Graph(inputs: inputs, initial: initial, forms: forms)
        }
    }

    /// The reference: the value of every node, and the counts, after each transaction.
    struct Reference {
        let graph: Graph
        var values: [Bool]
        var counts: [Int]

        init(_ graph: Graph) {
            self.graph = graph
            values = graph.initial + Array(repeating: false, count: graph.forms.count)
            counts = Array(repeating: 0, count: graph.forms.count)
            evaluate(previous: nil)
        }

        /// Every signal once, in order, from its operands' values in this transaction;
        /// `previous`: the values before it (nil at start, when nothing rises).
        mutating func evaluate(previous: [Bool]?) {
            func rose(_ node: Int) -> Bool { previous.map { !$0[node] && values[node] } ?? false }
            for (index, form) in graph.forms.enumerated() {
                let node = graph.inputs + index
                let old = values[node]
                let current = values
                let count = { (nodes: [Int]) in nodes.filter { current[$0] }.count }
                switch form {
                case .all(let nodes): values[node] = count(nodes) == nodes.count
                case .any(let nodes): values[node] = count(nodes) > 0
                case .none(let nodes): values[node] = count(nodes) == 0
                case .not(let operand): values[node] = !values[operand]
                case .atLeast(let least, let nodes): values[node] = count(nodes) >= least
                case .toggle(let operand, let reset):
                    if let reset, values[reset] {
                        values[node] = false
                    } else if rose(operand) {
                        values[node] = !old
                    }
                case .latch(let set, let reset, let dominantSet):
                    switch (values[set], values[reset]) {
                    case (true, false): values[node] = true
                    case (false, true): values[node] = false
                    case (true, true): values[node] = dominantSet
                    case (false, false): break
                    }
                }
                if previous != nil, !old, values[node] { counts[index] += 1 }
            }
        }

        mutating func set(_ changes: [(Int, Bool)]) {
            let previous = values
            for (input, value) in changes { values[input] = value }
            evaluate(previous: previous)
        }
    }

    @Test("random graphs and random changes settle as the reference does", arguments: 0..<8)
    func randomGraphs(_ batch: Int) throws {
        var steps = 0
        for seed in 0..<12 {
            var generator = Generator(state: UInt64(batch * 1_000 + seed))
            let graph = Graph.random(&generator)
            let configuration = try ConfigLoader.parse(graph.configText, file: "random.yaml")
            let harness = EngineHarness(configuration)
            try harness.start()
            var reference = Reference(graph)
            let context = "seed \(batch * 1_000 + seed):\n\(graph.configText)"
            try Self.compare(harness, reference, step: 0, context)
            for step in 1...150 {
                // One input, or several at once (each set once in the transaction).
                var changes: [(Int, Bool)] = []
                for _ in 0..<(generator.chance(70) ? 1 : 2 + generator.below(2)) {
                    let input = generator.below(graph.inputs)
                    if !changes.contains(where: { $0.0 == input }) { changes.append((input, generator.chance(50))) }
                }
                harness.clearChanges()
                harness.engine.transaction {
                    for (input, value) in changes { harness.engine.setInput(graph.name(input), to: value) }
                }
                reference.set(changes)
                try Self.compare(harness, reference, step: step, context)
                steps += 1
            }
        }
        #expect(steps == 12 * 150)
    }

    @Test("counting forms over many operands count every one, eight at a time and the rest")
    func wideCountingForms() throws {
        let width = 77
        var text = "inputs:\n"
        for index in 0..<width { text += "  i\(index): { command: true }\n" }
        let names = (0..<width).map { "i\($0)" }.joined(separator: ", ")
        text += "signals:\n  every: { all: [\(names)] }\n  some: { any: [\(names)] }\n"
        text += "  no: { none: [\(names)] }\n  most: { at_least: { count: 39, of: [\(names)] } }\n"
        let harness = EngineHarness(try ConfigLoader.parse(text, file: "wide.yaml"))
        try harness.start()
        var generator = Generator(state: 77)
        var values = Array(repeating: false, count: width)
        for step in 0..<2_000 {
            // Mostly towards all on or all off, so that every form changes now and then.
            let bias = (step / 200) % 2 == 0 ? 80 : 20
            let index = generator.below(width)
            values[index] = generator.chance(bias)
            harness.engine.setInput("i\(index)", to: values[index])
            let on = values.filter { $0 }.count
            let snapshot = harness.snapshot
            try #require(snapshot.signals["every"] == .level(on == width), "step \(step): \(on) on")
            try #require(snapshot.signals["some"] == .level(on > 0), "step \(step): \(on) on")
            try #require(snapshot.signals["no"] == .level(on == 0), "step \(step): \(on) on")
            try #require(snapshot.signals["most"] == .level(on >= 39), "step \(step): \(on) on")
        }
    }

    static func compare(_ harness: EngineHarness, _ reference: Reference, step: Int, _ context: String) throws {
        let graph = reference.graph
        let snapshot = harness.snapshot
        for index in graph.forms.indices {
            let name = "s\(index)"
            let expected = reference.values[graph.inputs + index]
            try #require(snapshot.signals[name] == .level(expected),
                         "step \(step): \(name) is \(String(describing: snapshot.signals[name])), expected \(expected)\n\(context)")
            try #require(snapshot.signals["c\(index)"]?.number == Double(reference.counts[index]),
                         "step \(step): c\(index) is \(String(describing: snapshot.signals["c\(index)"])), expected \(reference.counts[index])\n\(context)")
            // Glitch-free: at most one change per node, and it is the settled value.
            let heard = harness.changes(of: .signal, name)
            try #require(heard.count <= 1 && heard.allSatisfy { $0 == .level(expected) },
                         "step \(step): observers heard \(heard) for \(name), settled \(expected)\n\(context)")
        }
    }
}

import Config
import Engine
import Testing
import Values

@Suite("Signal forms")
struct SignalFormTests {
    /// A script: set inputs (`"a+"` on, `"a-"` off), then expect the signal's value.
    struct Case: CustomTestStringConvertible, Sendable {
        var expression: SignalExpression
        var initial: Bool
        var steps: [(String, Bool)]
        var testDescription: String { "\(expression)" }
    }

    static let cases: [Case] = [
        Case(expression: .all(["a", "b", "c"]), initial: false,
             steps: [("a+", false), ("b+", false), ("c+", true), ("b-", false), ("b+", true)]),
        Case(expression: .any(["a", "b", "c"]), initial: false,
             steps: [("a+", true), ("b+", true), ("a-", true), ("b-", false)]),
        Case(expression: .none(["a", "b", "c"]), initial: true,
             steps: [("c+", false), ("a+", false), ("c-", false), ("a-", true)]),
        Case(expression: .atLeast(count: 2, of: ["a", "b", "c"]), initial: false,
             steps: [("a+", false), ("b+", true), ("c+", true), ("a-", true), ("b-", false)]),
        Case(expression: .not("a"), initial: true,
             steps: [("a+", false), ("a-", true)]),
        Case(expression: .toggle("a"), initial: false,
             steps: [("a+", true), ("a-", true), ("a+", false), ("b+", false), ("a-", false), ("a+", true)]),
        Case(expression: .sample(value: "a", on: "b"), initial: false,
             steps: [("a+", false), ("b+", true), ("a-", true), ("b-", true), ("b+", false), ("a+", false),
                     ("b-", false), ("b+", true)]),
        // Round 1: a rises twice (counts once), then b completes it. Round 2 starts with
        // b's next rise, and needs a to rise again: a's extra edge was not kept.
        Case(expression: .zip(["a", "b"]), initial: false,
             steps: [("a+", false), ("a-", false), ("a+", false), ("b+", true), ("b-", true), ("a-", true),
                     ("b+", false), ("a+", true), ("a-", true), ("a+", false), ("b-", false), ("b+", true)]),
        // One operand: each rising edge starts and completes a round.
        Case(expression: .zip(["a"]), initial: false,
             steps: [("a+", true), ("a-", true), ("a+", true)]),
    ]

    static let lines = ["a": "GPIO2", "b": "GPIO3", "c": "GPIO4"]

    @Test("each form, step by step, with the output following it", arguments: cases)
    func form(_ scenario: Case) throws {
        let harness = EngineHarness(Fixtures.signal(scenario.expression))
        try harness.start()
        #expect(harness.signal("s") == .level(scenario.initial))
        #expect(harness.level("GPIO5") == scenario.initial)
        for (number, (step, expected)) in scenario.steps.enumerated() {
            let name = String(step.dropLast())
            harness.set(Self.lines[name]!, step.hasSuffix("+"))
            #expect(harness.signal("s") == .level(expected), "step \(number + 1): \(step)")
            #expect(harness.level("GPIO5") == expected, "step \(number + 1): \(step)")
        }
    }

    @Test("an input that starts on is not a rising edge for toggle and sample")
    func startingValueIsNoEdge() throws {
        var configuration = Fixtures.signal(.toggle("a"))
        configuration.inputs[0].bias = .pullUp   // `a` and `b` start on
        configuration.inputs[1].bias = .pullUp
        configuration.signals.append(SignalDeclaration(name: "t", expression: .sample(value: "b", on: "a"),
                                                       location: Fixtures.at(21)))
        let harness = EngineHarness(configuration)
        try harness.start()
        #expect(harness.input("a") == true)
        #expect(harness.signal("s") == false)
        #expect(harness.signal("t") == false)
        harness.set("GPIO2", false)
        harness.set("GPIO2", true)
        #expect(harness.signal("s") == true)
        #expect(harness.signal("t") == true)
    }

    @Test("signals over signals, and an output that follows an input directly")
    func signalsOverSignals() throws {
        var configuration = Fixtures.signal(.any(["a", "b"]))
        configuration.signals += [
            SignalDeclaration(name: "quiet", expression: .not("s"), location: Fixtures.at(21)),
            SignalDeclaration(name: "both", expression: .all(["quiet", "c"]), location: Fixtures.at(22)),
        ]
        configuration.outputs += [
            OutputDeclaration(name: "lamp", chip: "main", line: .name("GPIO6"), follows: "both", location: Fixtures.at(31)),
            OutputDeclaration(name: "echo", chip: "main", line: .name("GPIO7"), follows: "c", location: Fixtures.at(32)),
        ]
        let harness = EngineHarness(configuration)
        try harness.start()
        #expect(harness.snapshot.signals == ["s": false, "quiet": true, "both": false])
        harness.set("GPIO4", true)
        #expect(harness.snapshot.signals == ["s": false, "quiet": true, "both": true])
        #expect(harness.snapshot.outputs == ["led": false, "lamp": true, "echo": true])
        harness.set("GPIO3", true)
        #expect(harness.snapshot.signals == ["s": true, "quiet": false, "both": false])
        #expect(harness.snapshot.outputs == ["led": true, "lamp": false, "echo": true])
        #expect(harness.level("GPIO6") == false)
        #expect(harness.level("GPIO7") == true)
    }

    @Test("a zip whose operand keeps rising holds one edge, not a growing backlog")
    func zipKeepsNoBacklog() throws {
        let harness = EngineHarness(Fixtures.signal(.zip(["a", "b"])))
        try harness.start()
        for _ in 0..<1_000 {
            harness.set("GPIO2", true)
            harness.set("GPIO2", false)
        }
        harness.set("GPIO3", true)
        #expect(harness.signal("s") == true)
        harness.set("GPIO3", false)
        harness.set("GPIO3", true)
        #expect(harness.signal("s") == false, "a's 999 extra rises did not complete later rounds")
    }
}

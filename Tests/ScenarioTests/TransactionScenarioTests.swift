import Config
import Scenario
import Testing

/// Each event is one transaction: every node is evaluated once, from its operands'
/// settled values, so the graph never acts on a state that did not exist.
@Suite("Test files: one transaction per event")
struct TransactionScenarioTests {
    static func run(config: String, steps: [String]) throws -> ScenarioResult {
        let configuration = try ConfigLoader.parse(config, file: "graph.yaml")
        let text = "config: graph.yaml\nsteps:\n" + steps.map { "  - \($0)\n" }.joined()
        return ScenarioRunner.run(try ScenarioLoader.parse(text, file: "graph.test.yaml", configuration: configuration))
    }

    static let diamond = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          a: { chip: main, line: GPIO17 }
        signals:
          na: { not: a }
          never: { all: [a, na] }
          n: { count: never }
          flips: { toggle: never }
          nothing: { none: [a, na] }
          held: { latch: { set: never, reset: nothing } }
        outputs:
          lamp: { chip: main, line: GPIO5, follows: never, pulse: 1s }
        """

    @Test("a diamond a AND NOT a never turns on: nothing counts, flips, latches or pulses on it")
    func diamond() throws {
        let result = try Self.run(config: Self.diamond, steps: [
            "set: { a: on }",
            "set: { a: off }",
            "set: { a: on }",
            "set: { a: off }",
            "expect: { never: off, n: 0, flips: off, held: off, lamp: off }",
            "expect_quiet: [never, flips, held, lamp]",
        ])
        #expect(result.failures.map(\.description) == [])
    }

    static let latch = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          button: { chip: main, line: GPIO17 }
          enable: { command: true }
        signals:
          go: { all: [button, enable] }
          idle: { none: [button] }
          held: { latch: { set: go, reset: idle } }
        """

    @Test("a latch whose set and reset change in the same instant takes the settled state: set")
    func latchSetAndResetTogether() throws {
        let result = try Self.run(config: Self.latch, steps: [
            "set: { enable: on }",
            "expect: { held: off, idle: on }",
            "set: { button: on }",
            "expect: { go: on, idle: off, held: on }",
            "set: { button: off }",
            "expect: { held: off }",
        ])
        #expect(result.failures.map(\.description) == [])
    }

    static func sump(dominant: String = "", highAtStart: Bool = true, stuckLow: Bool = false) -> String {
        """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          float_high: { command: true, initial: \(highAtStart ? "on" : "off") }
          low_dropped: { command: true, initial: \(stuckLow ? "on" : "off") }
        signals:
          pump_wanted: { latch: { set: float_high, reset: low_dropped\(dominant) } }
        outputs:
          pump: { chip: main, line: GPIO5, follows: pump_wanted }
        """
    }

    @Test("a latch whose set is already on at start turns on: a full sump pumps after a power cut")
    func latchOnAtStart() throws {
        let result = try Self.run(config: Self.sump(), steps: [
            "expect: { pump_wanted: on, pump: on }",
            "set: { float_high: off }",
            "expect: { pump: on }",
            "set: { low_dropped: on }",
            "expect: { pump: off }",
            "set: { low_dropped: off }",
            "expect: { pump: off }",
        ])
        #expect(result.failures.map(\.description) == [])
    }

    @Test("with both on, the reset wins by default and the set with dominant: set")
    func dominance() throws {
        let reset = try Self.run(config: Self.sump(stuckLow: true), steps: [
            "expect: { pump: off }",
            "set: { low_dropped: off }",
            "expect: { pump: on }",
        ])
        #expect(reset.failures.map(\.description) == [])
        let set = try Self.run(config: Self.sump(dominant: ", dominant: set", stuckLow: true), steps: [
            "expect: { pump: on }",
            "set: { float_high: off }",
            "expect: { pump: off }",
            "set: { float_high: on, low_dropped: off }",
            "expect: { pump: on }",
        ])
        #expect(set.failures.map(\.description) == [])
    }

    @Test("several names in one set: step are one transaction")
    func oneStepOneTransaction() throws {
        let result = try Self.run(config: """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              a: { command: true }
              b: { command: true, initial: on }
            signals:
              na: { not: a }
              nb: { not: b }
              both_a: { all: [a, nb] }
              both_b: { all: [b, na] }
              differ: { any: [both_a, both_b] }
              changes: { count: differ }
            """, steps: [
            "expect: { differ: on, changes: 0 }",
            "set: { a: on, b: off }",
            // One at a time, `differ` would fall with a on and b still on, and rise again.
            "expect: { both_a: on, both_b: off, differ: on, changes: 0 }",
            "set: { a: off }",
            "set: { b: on }",
            "expect: { differ: on, changes: 1 }",
        ])
        #expect(result.failures.map(\.description) == [])
    }
}

import Config
import Scenario
import Testing

@Suite("Reading test files")
struct ScenarioReaderTests {
    private func location(_ line: Int, _ column: Int) -> Config.SourceLocation {
        ScenarioFixtures.location(line, column)
    }

    @Test("every step kind reads into its action, each name at its place")
    func everyStep() throws {
        let loaded = try ScenarioFixtures.load([
            "set: { motion: on, door: off }",
            "toggle: door",
            "toggle: [door, motion]",
            "pulse: { button: 100ms, door: 1.5s }",
            "wait: 1m59s",
            "expect: { light_relay: on, lit: off, motion: true, door: false }",
            "expect_active: lit",
            "expect_quiet: [light_on, chime]",
        ])
        let steps = loaded.scenario.steps
        #expect(loaded.scenario.config == Scenario.ConfigReference(path: "house.yaml", location: location(1, 9)))
        #expect(steps.map(\.location) == (3...10).map { location($0, 5) })
        #expect(steps.map(\.action) == [
            .set([.init("motion", true, at: location(3, 12)), .init("door", false, at: location(3, 24))]),
            .toggle([.init("door", at: location(4, 13))]),
            .toggle([.init("door", at: location(5, 14)), .init("motion", at: location(5, 20))]),
            .pulse([.init("button", for: .milliseconds(100), at: location(6, 14)),
                    .init("door", for: .milliseconds(1500), at: location(6, 29))]),
            .wait(.seconds(119)),
            .expect([.init("light_relay", true, at: location(8, 15)), .init("lit", false, at: location(8, 32)),
                     .init("motion", true, at: location(8, 42)), .init("door", false, at: location(8, 56))]),
            .expectActive([.init("lit", at: location(9, 20))]),
            .expectQuiet([.init("light_on", at: location(10, 20)), .init("chime", at: location(10, 30))]),
        ])
        #expect(loaded.scenario.expectationCount == 7)
    }

    @Test("levels are the config's level words: 1, TRUE, 0 and Off read as in a config file")
    func levelWords() throws {
        let loaded = try ScenarioFixtures.load(["set: { motion: 1, door: Off }", "expect: { lit: TRUE, light_relay: 0 }"])
        #expect(loaded.scenario.steps.map(\.action) == [
            .set([.init("motion", true, at: location(3, 12)), .init("door", false, at: location(3, 23))]),
            .expect([.init("lit", true, at: location(4, 15)), .init("light_relay", false, at: location(4, 26))]),
        ])
    }

    @Test("every mistake is reported at once, at its line and column, with a hint")
    func mistakes() {
        let text = """
            config: house.yaml
            stepz: 1
            steps:
              - set: { motoin: on, door: maybe }
              - wiat: 1s
              - expect: { light_rely: on, lit: no }
              - pulse: { button: 100ms }
                wait: 1s
              - wait: soon
              - toggle: [door, motion, door]
              - expect_active: { a: b }
              - just text
              - pulse: { door: 0 }
              - set: { lit: on }
              - toggle:
              - expect: []

            """
        #expect(ScenarioFixtures.errors(text) == [
            "2:1 unknown key 'stepz' at the top level",
            "4:12 unknown input 'motoin' in set:",
            "4:30 unknown level 'maybe' for door in set:",
            "5:5 unknown step 'wiat'",
            "6:15 unknown name 'light_rely' in expect:",
            "6:36 unknown level 'no' for lit in expect:",
            "8:5 a step has one key: 'pulse:' and 'wait:' are in the same step",
            "9:11 'soon' is not a duration (in wait:)",
            "10:28 'door' is listed twice in toggle:",
            "11:20 expect_active: takes a name or a list of names, found a mapping",
            "12:5 a step must be a mapping with one key, found 'just text'",
            "13:20 a pulse of door lasts longer than 0",
            "14:12 'lit' is a signal, not an input: set: moves inputs",
            "15:5 toggle: needs a name",
            "16:13 expect: takes a mapping of names, found a list",
        ])
    }

    @Test("hints say what to write: the nearest names, the word of the same meaning, the step keys")
    func hints() throws {
        let text = ScenarioFixtures.text([
            "set: { motoin: on }", "expect: { light_rely: off, lit: no }", "wiat: 1s", "toggle: chime",
        ])
        let error = try #require(throws: ConfigErrors.self) {
            try ScenarioLoader.parse(text, file: "house.test.yaml", configuration: ScenarioFixtures.configuration)
        }
        #expect(error.errors.map(\.description) == [
            "house.test.yaml:3:12: error: unknown input 'motoin' in set:\n"
                + "hint: did you mean 'motion'? (inputs: motion, button, door)",
            "house.test.yaml:4:15: error: unknown name 'light_rely' in expect:\nhint: did you mean 'light_relay'?",
            "house.test.yaml:4:37: error: unknown level 'no' for lit in expect:\n"
                + "hint: 'no' means off: write lit: off (a level is one of on, off, true, false, 1, 0)",
            "house.test.yaml:5:5: error: unknown step 'wiat'\nhint: did you mean 'wait'? "
                + "(a step is one of set, toggle, pulse, pulses, wait, clock, restart, remote, broker, expect, "
                + "expect_active, expect_quiet)",
            "house.test.yaml:6:13: error: 'chime' is an output, not an input: toggle: moves inputs\n"
                + "hint: inputs: motion, button, door",
        ])
    }

    @Test("restart: {} and restart: alone are an orderly restart, { kill: true } a kill; neither is an expectation")
    func restartSteps() throws {
        let loaded = try ScenarioFixtures.load([
            "restart: {}", "restart:", "restart: { kill: true }", "restart: { kill: false }", "restart: { kill: TRUE }",
        ])
        #expect(loaded.scenario.steps.map(\.action) == [.restart(.orderly), .restart(.orderly), .restart(.kill),
                                                         .restart(.orderly), .restart(.kill)])
        #expect(loaded.scenario.steps.map(\.location) == (3...7).map { location($0, 5) })
        #expect(loaded.scenario.steps.allSatisfy { $0.acts }, "a restart starts expect_active's window")
        #expect(loaded.scenario.expectationCount == 0)
    }

    @Test("a restart: that is not {} or { kill: true|false } is refused at its place, with what to write")
    func restartMistakes() throws {
        let text = ScenarioFixtures.text([
            "restart: { kill: maybe }", "restart: { foo: 1 }", "restart: 3", "restart: { kil: true }",
            "restart: { kill: yes }", "restart: [kill]", "restart: { kill: }",
        ])
        let error = try #require(throws: ConfigErrors.self) {
            try ScenarioLoader.parse(text, file: "house.test.yaml", configuration: ScenarioFixtures.configuration)
        }
        let hint = "write restart: {} (the daemon stopped as on SIGTERM, then started) "
            + "or restart: { kill: true } (killed with SIGKILL, then started)"
        #expect(error.errors.map(\.description) == [
            "house.test.yaml:3:22: error: kill: in restart: takes true or false, found 'maybe'\nhint: \(hint)",
            "house.test.yaml:4:16: error: unknown key 'foo' in restart:\nhint: \(hint)",
            "house.test.yaml:5:14: error: restart: takes a mapping, found '3'\nhint: \(hint)",
            "house.test.yaml:6:16: error: unknown key 'kil' in restart:\nhint: did you mean 'kill'? (\(hint))",
            "house.test.yaml:7:22: error: kill: in restart: takes true or false, found 'yes'\n"
                + "hint: 'yes' means true: write restart: { kill: true }",
            "house.test.yaml:8:14: error: restart: takes a mapping, found a list\nhint: \(hint)",
            "house.test.yaml:9:16: error: kill: has no value\nhint: \(hint)",
        ])
    }

    @Test("a test file needs a mapping at the top and steps:")
    func shape() {
        #expect(ScenarioFixtures.errors("- wait: 1s\n") == [
            "1:1 the top level of a test file must be a mapping with config: and steps:, found a list",
        ])
        #expect(ScenarioFixtures.errors("config: house.yaml\n") == ["1:1 a test file needs steps:"])
        #expect(ScenarioFixtures.errors("config: house.yaml\nsteps:\n") == ["2:1 steps: has no steps"])
        #expect(ScenarioFixtures.errors("steps:\n  - wait: 1s\n  - wait: 1s\nsteps: []\n") == [
            "4:1 duplicate key 'steps' (first at line 1, column 1)",
        ])
        #expect(ScenarioFixtures.errors("steps: [wait: 1s\n") == [
            "2:1 YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 1, column 8)",
        ])
    }
}

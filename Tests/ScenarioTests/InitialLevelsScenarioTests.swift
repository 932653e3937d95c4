import Config
import Scenario
import Testing

/// `initial:` at the top of a test file: line inputs held at a level before the start,
/// as switches hold them, whatever the line's `bias:`.
@Suite("Test files: initial levels")
struct InitialLevelsScenarioTests {
    static func run(initial: String, _ steps: [String]) throws -> ScenarioResult {
        let text = "config: house.yaml\ninitial: \(initial)\nsteps:\n" + steps.map { "  - \($0)\n" }.joined()
        return ScenarioRunner.run(try ScenarioLoader.parse(text, file: "house.test.yaml",
                                                            configuration: ScenarioFixtures.configuration))
    }

    @Test("held lines are what the start reads: an active-low button with a pull-up starts on, and the graph follows")
    func startsFromHeldLevels() throws {
        let held = try Self.run(initial: "{ button: on, motion: on }", [
            "expect: { button: on, motion: on, chime: on, light_relay: on, lit: off }",
            "set: { button: off, motion: off }", "wait: 20ms",
            "expect: { button: off, chime: off, light_relay: off }",
        ])
        #expect(held.failures.isEmpty, "\(held.failures)")
        #expect(held.passed == 8)
        let plain = try ScenarioRunner.run(ScenarioFixtures.load(["expect: { button: off, chime: off }"]))
        #expect(plain.failures.isEmpty, "without initial: the pull-up reads inactive: \(plain.failures)")
    }

    @Test("initial: takes line inputs and levels only, each refused at its place with what to write")
    func refusals() {
        let text = """
            config: house.yaml
            initial: { lit: on, motoin: on, door: 21.5 }
            steps:
              - wait: 1s

            """
        let errors = ScenarioFixtures.errors(text)
        #expect(errors.contains("2:12 'lit' is not a line input: initial: holds lines before start"), "\(errors)")
        #expect(errors.contains("2:21 unknown line input 'motoin' in initial:"), "\(errors)")
        #expect(errors.contains("2:39 door is a level, and initial: takes on or off for it, found '21.5'"), "\(errors)")
    }
}

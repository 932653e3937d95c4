import Config
import Scenario
import Testing

/// `set: { lamp: auto | on | off }` in a test file, on an output with `override: true`.
@Suite("Test files: overrides")
struct OverrideScenarioTests {
    static let fixture = ScenarioFixture("porch", config: """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              motion: { chip: main, line: GPIO17 }
            outputs:
              lamp: { chip: main, line: GPIO5, follows: motion, override: true }
              plain: { chip: main, line: GPIO6, follows: motion }

            """)

    @Test("off holds while motion comes and goes; auto follows motion again")
    func modes() throws {
        let result = try Self.fixture.run([
            "set: { lamp: off, motion: on }", "wait: 1s", "expect: { lamp: off, plain: on }",
            "set: { lamp: on, motion: off }", "wait: 1h", "expect: { lamp: on, plain: off }",
            "set: { lamp: auto }", "expect: { lamp: off }",
            "set: { motion: on }", "expect: { lamp: on }",
        ])
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(result.passed == 6)
    }

    @Test("auto on an output without an override is refused, with what it is")
    func autoRefused() {
        do {
            _ = try Self.fixture.load(["set: { plain: auto }"])
            Issue.record("read")
        } catch {
            let messages = error.errors.map(\.message)
            #expect(messages.contains { $0.contains("plain") }, "\(messages)")
        }
    }
}

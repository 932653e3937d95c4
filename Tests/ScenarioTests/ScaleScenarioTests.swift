import Config
import Scenario
import Testing

/// A fan curve on a CPU temperature in a test file: `expect:` compares a scale at its
/// precision, in virtual time.
@Suite("scale: in test files")
struct ScaleScenarioTests {
    static let fixture = ScenarioFixture("fan", config: """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              cpu: { thermal: cpu-thermal, filters: [ { timeout: 2m } ] }
            signals:
              fan_speed: { scale: cpu, from: [50, 70], to: [30, 100], precision: 0 }
              quiet:     { scale: cpu, from: [70, 50], to: [0, 100], unit: dB }
              full:      { threshold: fan_speed, above: 100 }
            outputs:
              fan_max: { chip: main, line: GPIO5, follows: full }

            """)

    @Test("the curve at several temperatures, clamped at both ends, and unavailable with its operand")
    func curve() throws {
        let result = try Self.fixture.run([
            "expect: { fan_speed: unavailable, quiet: unavailable, fan_max: off }",
            "set: { cpu: 45 }",
            "expect: { fan_speed: 30, quiet: 100 }",
            "set: { cpu: 58.3 }",
            "expect: { fan_speed: 59, quiet: { near: 58.5, within: 0.01 } }",
            "set: { cpu: 70 }",
            "expect: { fan_speed: 100, quiet: 0, fan_max: on }",
            "set: { cpu: 90 }",
            "expect: { fan_speed: 100, quiet: 0, fan_max: on }",
            "wait: 2m",
            "expect: { cpu: unavailable, fan_speed: unavailable, fan_max: off }",
        ])
        #expect(result.failures.map(\.description) == [])
        #expect(result.error == nil)
        #expect(result.passed == 16)
    }

    @Test("a wrong value fails at its place, in the scale's unit and precision")
    func failure() throws {
        let result = try Self.fixture.run([
            "set: { cpu: 60 }",
            "expect: { fan_speed: 64, quiet: 50 }",
        ])
        #expect(result.failures.map(\.message) == ["expected fan_speed 64 % at 0s, it is 65 %"])
        #expect(result.failures.first.map { "\($0.location.line):\($0.location.column)" } == "4:15")
        #expect(result.passed == 1)
    }
}

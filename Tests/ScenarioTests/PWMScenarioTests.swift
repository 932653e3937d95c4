import Config
import Scenario
import Testing

/// PWM outputs in a test file: `expect:` compares the duty cycle the channel runs at the
/// output's precision (a ramp's step, in virtual time); `set:` commands one with
/// `command: true` as `gpioagg set` does.
@Suite("PWM outputs in test files")
struct PWMScenarioTests {
    static let fixture = ScenarioFixture("fan", config: """
            chips:
              pwm: { pwm: fe20c000.pwm }
            inputs:
              cpu: { command: true, type: number, initial: 45, unit: "°C" }
            signals:
              fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
            outputs:
              fan: { chip: pwm, channel: 1, frequency: 25kHz, follows: fan_speed, initial: 100, safe: 100, ramp: 2s }
              strip: { chip: pwm, channel: 0, frequency: 1kHz, command: true, safe: 0 }

            """)

    @Test("the ramp mid-way and at its end, in virtual time; a command on the strip: a percentage, off, on")
    func rampAndCommands() throws {
        let result = try Self.fixture.run([
            "expect: { fan: 100, fan_speed: 30 }",
            "wait: 1s",
            "expect: { fan: 65 }",
            "wait: 1s",
            "expect: { fan: 30 }",
            "set: { strip: 40 }",
            "expect: { strip: 40 }",
            "set: { strip: off }",
            "expect: { strip: 0 }",
            "set: { strip: on }",
            "expect: { strip: 40 }",
        ])
        #expect(result.failures.map(\.description) == [])
        #expect(result.error == nil)
        #expect(result.passed == 7)
    }

    @Test("a wrong duty cycle fails at its place, in % to one decimal, with the changes behind it; a refused command fails the step")
    func failures() throws {
        let result = try Self.fixture.run([
            "wait: 500ms",
            "expect: { fan: 82 }",
            "set: { strip: 140 }",
        ])
        #expect(result.failures.map(\.message) == [
            "expected fan 82.0 % at 500ms, it is 83.2 %",  // the step at 480 ms
            "set: strip refused at 500ms: 'strip' takes 0 to 100 (%), on, off or toggle, not 140.0",
        ])
        #expect(result.failures.first?.recentChanges.contains { $0.contains("output fan 30.0 %") } == true,
                "\(result.failures.first?.recentChanges ?? [])")
    }

    @Test("set: takes a PWM output with command: true only")
    func setNeedsCommand() throws {
        let errors = Self.fixture.errors(["set: { fan: 40 }"])
        #expect(errors == ["3:12 'fan' is an output, not an input: set: moves inputs"], "\(errors)")
    }
}

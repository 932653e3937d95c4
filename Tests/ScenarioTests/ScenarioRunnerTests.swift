import Config
import Scenario
import Testing

@Suite("Running test files in virtual time")
struct ScenarioRunnerTests {
    @Test("a scenario whose expectations hold passes them all")
    func passes() throws {
        let result = try ScenarioFixtures.run([
            "expect: { motion: off, light_on: off, light_relay: off }",
            "set: { motion: on }",
            "expect: { motion: on, light_on: on, light_relay: on }",
            "wait: 1s",
            "set: { motion: off }",
            "expect: { light_relay: off }",
        ])
        #expect(result.failures == [])
        #expect(result.error == nil)
        #expect(result.passed == 7)
        #expect(result.elapsed == .seconds(1))
        #expect(result.succeeded)
    }

    @Test("a failed expectation names the time and the latest changes of what it follows, and the run goes on")
    func failure() throws {
        let result = try ScenarioFixtures.run([
            "set: { motion: on }",
            "wait: 1s",
            "set: { motion: off }",
            "wait: 1m59s",
            "expect: { light_relay: on }",
            "expect: { light_relay: off, lit: on }",
        ])
        #expect(result.passed == 1)
        #expect(result.failures.map(\.description) == [
            """
            house.test.yaml:7:15: error: expected light_relay on at 2m, it is off
              0s  input motion on
              0s  signal light_on on
              1s  input motion off
              1s  signal light_on off
            """,
            """
            house.test.yaml:8:33: error: expected lit on at 2m, it is off
              (no change of button since the start)
            """,
        ])
        #expect(!result.succeeded)
    }

    @Test("a failure lists the last five changes, their times aligned")
    func latestFive() throws {
        let result = try ScenarioFixtures.run(
            (0..<4).flatMap { _ in ["toggle: motion", "wait: 250ms"] } + ["expect: { motion: on }"])
        #expect(result.failures.map(\.description) == [
            """
            house.test.yaml:11:15: error: expected motion on at 1s, it is off
              0s     input motion on
              250ms  input motion off
              500ms  input motion on
              750ms  input motion off
            """,
        ])
        let many = try ScenarioFixtures.run(
            (0..<8).flatMap { _ in ["toggle: motion", "wait: 30s"] } + ["expect: { light_on: on }"])
        #expect(many.failures.map(\.description) == [
            """
            house.test.yaml:19:15: error: expected light_on on at 4m, it is off
              1m30s  input motion off
              2m     input motion on
              2m30s  input motion off
              3m     input motion on
              3m30s  input motion off
            """,
        ])
    }

    @Test("hours of waiting take no time: the clock is virtual")
    func longWait() throws {
        let result = try ScenarioFixtures.run(["set: { motion: on }", "wait: 100h", "expect: { light_relay: on }",
                                               "wait: 1h0m5s", "set: { motion: off }", "expect: { light_relay: off }"])
        #expect(result.failures == [])
        #expect(result.passed == 2)
        #expect(result.elapsed == .seconds(101 * 3600 + 5))
    }

    @Test("inputs move on their lines, so debounce applies: the change arrives after the period")
    func debounce() throws {
        let result = try ScenarioFixtures.run([
            "set: { button: on }",
            "expect: { button: on }",
            "expect: { chime: off, lit: off }",
            "wait: 19ms",
            "expect: { button: off }",
            "wait: 1ms",
            "expect: { button: on, chime: on, lit: on }",
        ])
        #expect(result.passed == 6)
        #expect(result.failures.map(\.description) == [
            """
            house.test.yaml:4:15: error: expected button on at 0s, it is off
              (no change of button since the start)
            """,
        ])
    }

    @Test("a pulse is on for its duration, then off; the step lasts as long as the longest")
    func pulse() throws {
        let result = try ScenarioFixtures.run([
            "pulse: { button: 100ms }",
            "expect: { lit: on, chime: on }",
            "wait: 20ms",
            "expect: { chime: off, lit: on }",
            "pulse: { motion: 1s, door: 10ms }",
            "expect: { motion: off, door: off, light_relay: on }",
            "expect_active: [motion, door]",
        ])
        #expect(result.failures == [])
        #expect(result.passed == 9)
        #expect(result.elapsed == .milliseconds(1120))
    }

    @Test("expect_active and expect_quiet: whether a name turned on since the last step that acted began")
    func activeAndQuiet() throws {
        let result = try ScenarioFixtures.run([
            "pulse: { button: 50ms }",
            "expect_active: lit",
            "expect_active: light_on",
            "wait: 1s",
            "expect_quiet: [lit, button]",
            "pulse: { button: 50ms }",
            "expect_quiet: lit",
            "expect_active: lit",
            "expect_quiet: button",
        ])
        #expect(result.passed == 5)
        #expect(result.failures.map(\.description) == [
            """
            house.test.yaml:10:20: error: expected lit to turn on since 1.05s, it did not (it is off at 1.1s)
              20ms   input button on
              70ms   input button off
              1.07s  input button on
            """,
            """
            house.test.yaml:11:19: error: expected button quiet since 1.05s, it turned on at 1.07s
              20ms   input button on
              70ms   input button off
              1.07s  input button on
            """,
        ])
    }

    @Test("a name that turned on and off again within the step counts as active")
    func onAndOffAgain() throws {
        let result = try ScenarioFixtures.run([
            "pulse: { motion: 1ms }",
            "expect: { motion: off, light_on: off }",
            "expect_active: [motion, light_on]",
            "expect_quiet: [lit, door]",
        ])
        #expect(result.failures == [])
        #expect(result.passed == 6)
    }

    @Test("a config the simulated chips cannot run is reported, and nothing runs")
    func engineError() throws {
        let configuration = try ConfigLoader.parse("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              a: { chip: main, line: GPIO71 }

            """, file: "typo.yaml")
        let loaded = try ScenarioLoader.parse("steps:\n  - expect: { a: off }\n", file: "typo.test.yaml",
                                              configuration: configuration)
        let result = ScenarioRunner.run(loaded)
        #expect(result.passed == 0)
        #expect(result.failures == [])
        #expect(result.error?.hasPrefix("typo.yaml:4:3: error: input 'a': no line named 'GPIO71'") == true, "\(result.error ?? "")")
        #expect(!result.succeeded)
    }
}

@Suite("Scenarios with inputs that have no line")
struct LineFreeInputScenarioTests {
    @Test("set, toggle and pulse move command and remote inputs directly: no line, no debounce")
    func commandAndRemoteInputs() throws {
        let configuration = try ConfigLoader.parse("""
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt: { broker: mqtt://127.0.0.1 }
            inputs:
              override: { command: true }
              shed_door: { topic: gpioagg/shed/door_open, fallback: off }
            signals:
              fan_on: { any: [override, shed_door] }
            outputs:
              fan: { chip: main, line: GPIO5, follows: fan_on }
            """, file: "fan.yaml")
        let text = "config: fan.yaml\nsteps:\n" + [
            "expect: { fan: off }", "set: { override: on }", "expect: { fan: on }", "toggle: override",
            "expect: { fan: off }", "pulse: { shed_door: 1s }", "expect_active: fan_on", "expect: { fan: off }",
        ].map { "  - \($0)\n" }.joined()
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: "fan.test.yaml", configuration: configuration))
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(result.passed == 5)
    }
}

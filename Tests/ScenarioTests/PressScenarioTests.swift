import Config
import Scenario
import Testing

/// `set: { gate_open: press }` in a test file: a pressed input (`command: press`)
/// activates once, as from Home Assistant's button.
@Suite("Test files: pressed inputs")
struct PressScenarioTests {
    static let fixture = ScenarioFixture("gate", config: """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              gate_open: { command: press, name: "Open the gate" }
              hall: { command: true }
            signals:
              gate_toggled: { toggle: gate_open }
            outputs:
              gate_relay: { chip: main, line: GPIO7, follows: gate_open, pulse: 1s }
              hall_light: { chip: main, line: GPIO6, follows: hall, command: true }
            """)

    @Test("set: press pulses the relay and flips the toggle, every press; the input itself reads off")
    func press() throws {
        let loaded = try Self.fixture.load([
            "set: { gate_open: press }",
            "expect: { gate_relay: on, gate_toggled: on, gate_open: off }",
            "wait: 1s",
            "expect: { gate_relay: off }",
            "set: { gate_open: press }",
            "expect: { gate_relay: on, gate_toggled: off }",
        ])
        let result = ScenarioRunner.run(loaded)
        #expect(result.failures.map(\.description) == [])
        #expect(result.succeeded)
    }

    @Test("press on an input with a level, and a level on a pressed input, are refused where they are written")
    func refusals() {
        func errors(_ steps: [String]) -> [String] {
            do {
                _ = try Self.fixture.load(steps)
                return []
            } catch {
                return error.errors.map { "\($0.location.line):\($0.location.column) \($0.message)" }
            }
        }
        #expect(errors(["set: { hall: press }"])
            == ["3:18 hall is not pressed: press applies to inputs declared command: press"])
        #expect(errors(["set: { gate_open: on }"])
            == ["3:23 'gate_open' is pressed (command: press): write press, found 'on'"])
        #expect(errors(["expect: { gate_open: press }"])
            == ["3:26 press is what set: does to a pressed input; expect: checks a value"])
    }

    @Test("set: commands an output with command: true, held until what it follows next changes")
    func commandOutput() throws {
        let loaded = try Self.fixture.load([
            "set: { hall: on }",
            "expect: { hall_light: on }",
            "set: { hall_light: off }",
            "expect: { hall_light: off, hall: on }",
            "set: { hall: off }",
            "set: { hall: on }",
            "expect: { hall_light: on }",
        ])
        let result = ScenarioRunner.run(loaded)
        #expect(result.failures.map(\.description) == [])
        #expect(result.succeeded)
    }
}

import Config
import Testing

@Suite("Config: pressed inputs (command: press)")
struct PressedInputConfigTests {
    @Test("command: press makes a momentary command input, with its name; command: true stays a level")
    func read() throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chips + """
            inputs:
              gate_open: { command: press, name: "Open the gate" }
              override: { command: true }
            signals:
              gate_toggled: { toggle: gate_open }
            outputs:
              gate_relay: { chip: main, line: GPIO7, follows: gate_open, pulse: 1s }

            """)
        #expect(configuration.commandInputs.map(\.momentary) == [true, false])
        #expect(configuration.commandInputs[0].displayName == "Open the gate")
        #expect(configuration.commandInputs[0].number == nil)
        let lines = ConfigSummary.lines(of: configuration)
        #expect(lines.contains { $0.contains("gate_open") && $0.contains("pressed (command: press; MQTT /set PRESS, gpioagg set press)") },
                "\(lines)")
        #expect(lines.contains { $0.contains("gate_relay") && $0.contains("follows gate_open, initial off") }, "\(lines)")
    }

    @Test("what needs a level cannot read a pressed input: the same rule as a click")
    func needsALevel() {
        ConfigFixture.expectRefused(ConfigFixture.chips + """
            inputs:
              gate_open: { command: press }
            outputs:
              gate_relay: { chip: main, line: GPIO7, follows: gate_open }

            """, at: 6, 51, "'gate_open' is momentary (on for an instant): output 'gate_relay' would never show it",
            hint: "give the output pulse:")
        ConfigFixture.expectRefused("""
            inputs:
              gate_open: { command: press }
              other: { command: true }
            signals:
              both: { all: [gate_open, other] }

            """, at: 5, 17, "'gate_open' is momentary (on for an instant) and signal 'both' needs a level here",
            hint: "toggle:")
    }

    @Test("a press has no value to start at, keep or measure: initial:, persist:, type: and device_class: are refused")
    func keysRefused() {
        ConfigFixture.expectRefused("""
            inputs:
              gate_open: { command: press, initial: on }

            """, at: 2, 32, "initial: does not apply to a pressed input (input 'gate_open', command: press)",
            hint: "write command: true")
        ConfigFixture.expectRefused("""
            inputs:
              gate_open: { command: press, persist: true }

            """, at: 2, 32, "persist: does not apply to a pressed input", hint: "no value to start at or keep")
        ConfigFixture.expectRefused("""
            inputs:
              gate_open: { command: press, type: number }

            """, at: 2, 32, "type: does not apply to a pressed input", hint: "")
        ConfigFixture.expectRefused("""
            inputs:
              gate_open: { command: press, chip: main }

            """, at: 2, 32, "chip: does not apply to a pressed input", hint: "keys of a pressed input: command, name")
        ConfigFixture.expectRefused("""
            inputs:
              gate_open: { command: press, nmae: Gate }

            """, at: 2, 32, "unknown key 'nmae' in input 'gate_open'", hint: "did you mean 'name'")
        ConfigFixture.expectRefused("""
            inputs:
              gate_open: { command: pressed }

            """, at: 2, 25, "command", hint: "command: press")
    }
}

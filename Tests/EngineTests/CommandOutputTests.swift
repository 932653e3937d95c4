import Config
@testable import Engine
import Testing
import Values

/// `command: true` on an output, on virtual time: only commands set it without
/// `follows`; with `follows`, a command holds until what it follows next changes.
@Suite("Command outputs (command: true)")
struct CommandOutputTests {
    static func harness(_ outputs: String, interlocks: String = "") throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              motion: { chip: main, line: GPIO17 }
              gate_open: { command: press }
            outputs:
            \(outputs)
            """ + (interlocks.isEmpty ? "" : "\ninterlocks:\n" + interlocks), file: "outputs.yaml"))
        try harness.start()
        return harness
    }

    @Test("without follows, only commands set it: on, off, toggle from the line's value; initial at start")
    func commandsOnly() throws {
        let harness = try Self.harness("""
              porch_light: { chip: main, line: GPIO5, command: true, initial: on }
            """)
        #expect(harness.output("porch_light") == true, "initial: on")
        #expect(harness.engine.setOutput("porch_light", .off) == false)
        #expect(harness.level("GPIO5") == false)
        #expect(harness.engine.setOutput("porch_light", .toggle) == true)
        #expect(harness.engine.setOutput("porch_light", .toggle) == false)
        #expect(harness.engine.setOutput("porch_light", .on) == true)
        #expect(harness.writes("GPIO5") == [true, false, true, false, true])
        #expect(harness.engine.setOutput("motion", .on) == nil, "an input is no command output")
        #expect(harness.engine.set("motion", .on).refusal?.reason == .notSettable, "a line's input takes no command")
        #expect(harness.engine.set("porch_light", .on) == .applied(.on, precision: 0))
    }

    @Test("with follows, a command holds until what it follows next changes; from then on it follows again")
    func overriddenByTheNextChange() throws {
        let harness = try Self.harness("""
              hall_light: { chip: main, line: GPIO6, follows: motion, command: true }
            """)
        harness.set("GPIO17", true)
        #expect(harness.output("hall_light") == true, "follows motion")
        harness.engine.setOutput("hall_light", .off)
        #expect(harness.output("hall_light") == false, "the wall switch in Home Assistant turns it off")
        harness.advance(by: .seconds(30))
        #expect(harness.output("hall_light") == false, "held while motion stays on")
        #expect(harness.engine.explain("hall_light")?.first?.contains("set by a command until motion changes") == true)
        harness.set("GPIO17", false)
        #expect(harness.output("hall_light") == false)
        harness.set("GPIO17", true)
        #expect(harness.output("hall_light") == true, "follows again")
        harness.set("GPIO17", false)
        harness.engine.setOutput("hall_light", .on)
        #expect(harness.output("hall_light") == true, "on by command with no motion")
        harness.set("GPIO17", true)
        #expect(harness.output("hall_light") == true)
        harness.set("GPIO17", false)
        #expect(harness.output("hall_light") == false, "motion's next change ended the command")
    }

    @Test("with pulse, every on and every toggle pulses: a second open opens again")
    func pulseEveryTime() throws {
        let harness = try Self.harness("""
              gate_relay: { chip: main, line: GPIO7, command: true, pulse: 1s }
            """)
        for command in [SetCommand.on, .on, .toggle, .toggle] {
            harness.engine.setOutput("gate_relay", command)
            #expect(harness.output("gate_relay") == true, "\(command)")
            harness.advance(by: .seconds(1))
            #expect(harness.output("gate_relay") == false, "\(command)")
        }
        #expect(harness.writes("GPIO7") == [false, true, false, true, false, true, false, true, false])
    }

    @Test("max_on and interlocks still apply to a command")
    func maxOnAndInterlock() throws {
        let harness = try Self.harness("""
              blinds_up: { chip: main, line: GPIO9, command: true, max_on: 20s }
              blinds_down: { chip: main, line: GPIO10, command: true, max_on: 20s }
            """, interlocks: "  motor: { outputs: [blinds_up, blinds_down], wait: 500ms }")
        harness.engine.setOutput("blinds_up", .on)
        harness.advance(by: .seconds(5))
        harness.engine.setOutput("blinds_down", .on)
        #expect(harness.output("blinds_up") == false && harness.output("blinds_down") == false)
        harness.advance(by: .milliseconds(500))
        #expect(harness.output("blinds_down") == true, "after the interlock's wait")
        harness.advance(by: .seconds(20))
        #expect(harness.output("blinds_down") == false, "max_on")
    }

    @Test("on stop, the safe value, whatever a command set")
    func safeOnStop() throws {
        let harness = try Self.harness("""
              heater: { chip: main, line: GPIO8, command: true, safe: off }
            """)
        harness.engine.setOutput("heater", .on)
        #expect(harness.level("GPIO8") == true)
        harness.engine.stop()
        #expect(harness.level("GPIO8") == false)
    }
}

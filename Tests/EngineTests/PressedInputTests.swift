import Config
@testable import Engine
import Testing
import Values

/// `command: press`: each press activates the input once, as a click, on virtual time.
@Suite("Pressed inputs (command: press)")
struct PressedInputTests {
    static func harness(_ body: String) throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              gate_open: { command: press }
              level: { command: true }
            \(body)
            """, file: "press.yaml"))
        try harness.start()
        return harness
    }

    @Test("each press pulses an output that follows it; a press during the pulse starts it again; the input stays off")
    func pressFeedsPulse() throws {
        let harness = try Self.harness("""
            outputs:
              gate_relay: { chip: main, line: GPIO7, follows: gate_open, pulse: 1s }
            """)
        #expect(harness.engine.setInput("gate_open", .press) == false)
        #expect(harness.output("gate_relay") == true)
        #expect(harness.input("gate_open") == false)
        harness.advance(by: .milliseconds(999))
        #expect(harness.output("gate_relay") == true)
        harness.advance(by: .milliseconds(1))
        #expect(harness.output("gate_relay") == false)
        // A second press opens again: every press pulses, none is lost.
        harness.engine.setInput("gate_open", .press)
        #expect(harness.output("gate_relay") == true)
        harness.advance(by: .milliseconds(600))
        harness.engine.setInput("gate_open", .press)
        harness.advance(by: .milliseconds(999))
        #expect(harness.output("gate_relay") == true, "restarted by the second press")
        harness.advance(by: .milliseconds(1))
        #expect(harness.output("gate_relay") == false)
        #expect(harness.writes("GPIO7") == [false, true, false, true, false])
        let activations = harness.changes.filter { $0.name == "gate_open" }
        #expect(activations.count == 3 && activations.allSatisfy { $0.isActivation && $0.value == .on })
    }

    @Test("each press flips a toggle and sets a latch; a count counts presses")
    func pressFeedsToggleLatchCount() throws {
        let harness = try Self.harness("""
              reset_all: { command: press }
            signals:
              light_on: { toggle: gate_open }
              held: { latch: { set: gate_open, reset: reset_all } }
              presses: { count: gate_open }
            """)
        harness.engine.pressInput("gate_open")
        #expect(harness.signal("light_on") == true)
        #expect(harness.signal("held") == true)
        harness.engine.pressInput("gate_open")
        #expect(harness.signal("light_on") == false)
        #expect(harness.signal("held") == true)
        harness.engine.pressInput("reset_all")
        #expect(harness.signal("held") == false)
        #expect(harness.signal("presses") == .number(2, .none))
    }

    @Test("a pressed input is never set, and a press on an input with a level changes nothing")
    func wrongCommandsChangeNothing() throws {
        let harness = try Self.harness("""
            signals:
              light_on: { toggle: gate_open }
            """)
        #expect(harness.engine.setInput("gate_open", .on) == false)
        #expect(harness.engine.setInput("gate_open", .toggle) == false)
        #expect(harness.input("gate_open") == false && harness.signal("light_on") == false)
        #expect(harness.engine.pressInput("level") == false)
        #expect(harness.input("level") == false)
        #expect(harness.engine.pressInput("nothing") == nil)
        #expect(harness.engine.set("gate_open", .on).refusal?.message == SetCommand.takes(momentary: true, name: "gate_open"))
        #expect(harness.engine.set("level", .command(.press)).refusal?.message
            == SetCommand.takes(momentary: false, name: "level"))
    }

    @Test("why shows a pressed input off, and when it was last pressed")
    func why() throws {
        let harness = try Self.harness("""
            signals:
              light_on: { toggle: gate_open }
            """)
        #expect(harness.engine.explain("gate_open") == ["gate_open off: pressed input (command: press); not pressed since start"])
        harness.engine.pressInput("gate_open")
        harness.advance(by: .seconds(3))
        #expect(harness.engine.explain("gate_open") == ["gate_open off: pressed input (command: press); last pressed 3s ago"])
    }
}

import Config
import Testing

@Suite("Config: name:, the name people read")
struct DisplayNameConfigTests {
    static let mqtt = "mqtt: { broker: mqtt://h }\n"

    @Test("name: is read on every kind of input, on signals and on outputs; without it there is none")
    func everyKind() throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chips + Self.mqtt + """
            inputs:
              door: { chip: main, line: 4, name: "Front door" }
              gate_open: { command: true, name: Open the gate }
              shed: { topic: gpioagg/shed/door, name: "Shed door" }
              inside: { thermal: cpu-thermal, name: "CPU temperature" }
              plain: { chip: main, line: 5 }
            signals:
              closed: { not: door, name: "Door closed" }
              double: { click: plain, count: 2, name: "Double press" }
              total: { count: plain, name: "Presses" }
            outputs:
              porch_light: { chip: main, line: GPIO5, follows: closed, name: "Porch light: outside" }

            """)
        #expect(configuration.inputs.map(\.displayName) == ["Front door", nil])
        #expect(configuration.commandInputs.map(\.displayName) == ["Open the gate"])
        #expect(configuration.remoteInputs.map(\.displayName) == ["Shed door"])
        #expect(configuration.sensorInputs.map(\.displayName) == ["CPU temperature"])
        #expect(configuration.signals.map(\.displayName) == ["Door closed", "Double press", "Presses"])
        #expect(configuration.outputs.map(\.displayName) == ["Porch light: outside"])
        // The identifiers do not change.
        #expect(configuration.outputs.map(\.name) == ["porch_light"])
    }

    @Test("a new name: alone is no change a reload acts on: the node keeps its state")
    func reloadKeepsState() throws {
        let before = try ConfigFixture.parse(ConfigFixture.chips + """
            inputs:
              gate: { command: true }
            outputs:
              light: { chip: main, line: 5, follows: gate }

            """)
        let after = try ConfigFixture.parse(ConfigFixture.chips + """
            inputs:
              gate: { command: true, name: "Garden gate" }
            outputs:
              light: { chip: main, line: 5, follows: gate, name: "Light" }

            """)
        #expect(after.commandInputs[0].isUnchanged(from: before.commandInputs[0]))
        #expect(after.outputs[0].isUnchanged(from: before.outputs[0]))
        #expect(after.commandInputs[0] != before.commandInputs[0])
    }

    @Test("an empty name is refused where it is written, with how to fix it")
    func empty() {
        ConfigFixture.expectRefused("""
            inputs:
              gate: { command: true, name: "" }

            """, at: 2, 32, "name: in input 'gate' is empty", hint: "leave name: out")
        ConfigFixture.expectRefused("""
            inputs:
              gate: { command: true, name: "   " }

            """, at: 2, 32, "is empty", hint: "name: is the name people read")
        ConfigFixture.expectRefused("""
            inputs:
              gate: { command: true, name: }

            """, at: 2, 26, "name: in input 'gate' has no value", hint: "leave name: out")
    }

    @Test("a name of more than one line, with a control character, or not text, is refused")
    func notOneLine() {
        ConfigFixture.expectRefused("""
            inputs:
              gate: { command: true, name: "Open\\nthe gate" }

            """, at: 2, 32, "name: in input 'gate' has more than one line", hint: "one line")
        ConfigFixture.expectRefused(ConfigFixture.chips + """
            outputs:
              light:
                chip: main
                line: 5
                follows: light_on
                name: |
                  Porch
                  light
            signals:
              light_on: { not: light_on_off }
            inputs:
              light_on_off: { command: true }

            """, at: 8, 11, "name: in output 'light' has more than one line", hint: "one line")
        ConfigFixture.expectRefused("""
            inputs:
              gate: { command: true, name: "Open\\tgate" }

            """, at: 2, 32, "has a control character", hint: "printable")
        ConfigFixture.expectRefused("""
            inputs:
              gate: { command: true }
            signals:
              open: { not: gate, name: [Open, gate] }

            """, at: 4, 28, "name: in signal 'open' must be text, found a list", hint: "one line of text")
        ConfigFixture.expectRefused("""
            inputs:
              gate: { command: true, name: "\(String(repeating: "x", count: 101))" }

            """, at: 2, 32, "is longer than 100 characters", hint: "shorten it")
    }
}

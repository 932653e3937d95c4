import Config
import Testing

@Suite("Config: command outputs (command: true)")
struct CommandOutputConfigTests {
    @Test("command: true makes follows optional; a plain output still needs it")
    func followsOptional() throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chipsAndInputs + """
            outputs:
              porch_light: { chip: main, line: GPIO5, command: true, name: "Porch light" }
              hall_light: { chip: main, line: GPIO6, follows: a, command: true }
              relay: { chip: main, line: GPIO7, follows: b }

            """)
        #expect(configuration.outputs.map(\.command) == [true, true, false])
        #expect(configuration.outputs.map(\.follows) == [nil, "a", "b"])
        let lines = ConfigSummary.lines(of: configuration)
        #expect(lines.contains { $0.contains("porch_light") && $0.contains("GPIO5, command, initial off") }, "\(lines)")
        #expect(lines.contains { $0.contains("hall_light") && $0.contains("follows a, command, initial off") }, "\(lines)")
        ConfigFixture.expectRefused(ConfigFixture.chipsAndInputs + """
            outputs:
              relay: { chip: main, line: GPIO7 }

            """, at: 7, 3, "output 'relay' needs follows:", hint: "or write command: true")
    }

    @Test("device_class: a switch's classes on a command output, a binary sensor's on a plain one")
    func deviceClasses() throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chipsAndInputs + """
            outputs:
              socket: { chip: main, line: GPIO5, command: true, device_class: outlet }
              pump: { chip: main, line: GPIO6, command: true, device_class: switch }
              lamp: { chip: main, line: GPIO7, follows: a, device_class: light }

            """)
        #expect(configuration.outputs.map(\.deviceClass) == ["outlet", "switch", "light"])
        ConfigFixture.expectRefused(ConfigFixture.chipsAndInputs + """
            outputs:
              socket: { chip: main, line: GPIO5, command: true, device_class: light }

            """, at: 7, 67, "light", hint: "outlet")
        ConfigFixture.expectRefused(ConfigFixture.chipsAndInputs + """
            outputs:
              lamp: { chip: main, line: GPIO7, follows: a, device_class: outlet }

            """, at: 7, 62, "outlet", hint: "")
    }

    @Test("command: takes a level word")
    func commandWord() {
        ConfigFixture.expectRefused(ConfigFixture.chipsAndInputs + """
            outputs:
              relay: { chip: main, line: GPIO7, follows: a, command: maybe }

            """, at: 7, 58, "unknown value 'maybe' for command:", hint: "")
    }
}

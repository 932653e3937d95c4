import Config
@testable import Engine
import LoopEmbedded
import Simulation
import GPIO
import GPIOSimulated
import ReactiveTesting
import Testing

@Suite("Simulated chips made to fit a configuration")
struct SimulatedChipsForConfigTests {
    static func chips(_ text: String) throws -> [ChipInfo] {
        let configuration = try ConfigLoader.parse(text, file: "test.yaml")
        return try SimulatedBackend.simulating(configuration, clock: EmbeddedEventLoop()).chips()
    }

    @Test("a Pi configuration runs on the Pi header alone, by label, name or path",
          arguments: ["label: pinctrl-bcm2711", "name: gpiochip0", "path: /dev/gpiochip0"])
    func piOnly(locator: String) throws {
        let chips = try Self.chips("""
            chips: { main: { \(locator) } }
            inputs: { a: { chip: main, line: GPIO17 } }
            outputs: { led: { chip: main, line: 5, follows: a } }
            """)
        #expect(chips.map(\.name) == ["gpiochip0"])
        #expect(chips.first?.label == "pinctrl-bcm2711")
        #expect(chips.first?.lineCount == 58)
    }

    @Test("other chips get the declared label or name, the offsets used and the names used at free offsets")
    func madeUpChips() throws {
        let configuration = try ConfigLoader.parse("""
            chips:
              pi: { label: pinctrl-bcm2711 }
              expander: { label: mcp23017 }
              third: { path: /dev/gpiochip7 }
            inputs:
              door: { chip: expander, line: DOOR }
              motion: { chip: expander, line: 0 }
              far: { chip: third, line: 11 }
              window: { chip: expander, line: WINDOW }
            outputs:
              siren: { chip: expander, line: SIREN, follows: door }
              lamp: { chip: third, line: LAMP, follows: far }
            """, file: "test.yaml")
        let backend = SimulatedBackend.simulating(configuration, clock: EmbeddedEventLoop())
        let chips = try backend.chips()
        #expect(chips.map(\.name) == ["gpiochip0", "gpiochip1", "gpiochip7"])
        #expect(chips.map(\.label) == ["pinctrl-bcm2711", "mcp23017", "gpio-sim.2"])
        #expect(chips.map(\.lineCount) == [58, 8, 12])
        let expander = try #require(backend.simulatedChip(.label("mcp23017")))
        #expect(expander.offset(of: .name("DOOR")) == 1)
        #expect(expander.offset(of: .name("WINDOW")) == 2)
        #expect(expander.offset(of: .name("SIREN")) == 3)
        let third = try #require(backend.simulatedChip(.path("/dev/gpiochip7")))
        #expect(third.offset(of: .name("LAMP")) == 0)

        // And the engine runs on them.
        let harness = EngineHarness(configuration, chips: {
            SimulatedBackend.simulating(configuration, clock: $0).simulatedChips
        })
        try harness.start()
        try harness.setInput("door", true)
        try harness.setInput("far", true)
        harness.advance(by: .milliseconds(1))
        #expect(harness.engine.snapshot().outputs == ["siren": true, "lamp": true])
        harness.engine.stop()
    }
}

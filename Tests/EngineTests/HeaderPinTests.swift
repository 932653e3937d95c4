import Config
import Engine
import GPIO
import GPIOSimulated
import LoopEmbedded
import Simulation
import Testing

@Suite("Header pins and simulated boards in the engine")
struct HeaderPinTests {
    static func pi(_ name: String) throws -> BoardProfile {
        try #require(BoardProfile.named(name))
    }

    @Test("an input on PIN11 follows offset 17 of a Pi 4's header; an output on PIN12 drives offset 18")
    func headerPinsFollowTheirGPIOs() throws {
        let pi4 = try Self.pi("pi4")
        let configuration = try ConfigLoader.parse("""
            chips: { main: { label: pinctrl-bcm2711 } }
            inputs: { button: { chip: main, line: PIN11 } }
            outputs: { led: { chip: main, line: PIN12, follows: button } }
            """, file: "test.yaml")
        let harness = EngineHarness(configuration, chips: { SimulatedBackend.board(pi4, clock: $0).simulatedChips })
        try harness.start()
        #expect(try harness.inputLine("button").1 == .offset(17))
        harness.set("17", true)
        #expect(harness.input("button") == true)
        #expect(harness.output("led") == true)
        #expect(harness.level("18") == true)
        #expect(harness.level("GPIO18") == true)
        harness.set("GPIO17", false)
        #expect(harness.output("led") == false)
        #expect(harness.level("18") == false)
        harness.engine.stop()
    }

    @Test("a header pin on a chip that is not the header's controller fails at start, at its declaration")
    func headerPinOffTheHeader() throws {
        let pi4 = try Self.pi("pi4")
        let configuration = try ConfigLoader.parse("""
            chips:
              main: { label: pinctrl-bcm2711 }
              firmware: { label: raspberrypi-exp-gpio }
            inputs:
              button: { chip: main, line: PIN11 }
            outputs:
              led: { chip: firmware, line: PIN12, follows: button }
            """, file: "test.yaml")
        let harness = EngineHarness(configuration, chips: { SimulatedBackend.board(pi4, clock: $0).simulatedChips })
        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.gpioError?.kind == .lineNotFound)
        #expect(error.description == """
            test.yaml:7:3: error: output 'led': PIN12 names a pin of the Raspberry Pi's 40-pin header, and gpiochip1 [raspberrypi-exp-gpio] is not the header's controller
            test.yaml:3:3: note: chip 'firmware' is declared here
            hint: name this chip's lines by name or offset ('gpioagg info' lists them); PINn works on the header's controller (pinctrl-bcm2711, pinctrl-bcm2835, pinctrl-rp1)
            """)
        #expect(harness.engine.isRunning == false)
    }

    @Test("PIN11 and GPIO17 are one line: the second is refused at start")
    func headerPinAndNameClash() throws {
        let configuration = try ConfigLoader.parse("""
            chips: { main: { name: gpiochip0 } }
            inputs:
              a: { chip: main, line: PIN11 }
              b: { chip: main, line: GPIO17 }
            """, file: "test.yaml")
        let harness = EngineHarness(configuration)
        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.message == "line GPIO17 (offset 17) of gpiochip0 [pinctrl-bcm2711] is already used by input 'a' (line 3, as PIN11)")
    }

    @Test("with a board, its chips are simulated as they are: a wrong name fails as on the board")
    func boardChipsAreNeverMadeUp() throws {
        let pi5 = try Self.pi("pi5")
        let configuration = try ConfigLoader.parse("""
            chips:
              main: { label: pinctrl-rp1 }
              expander: { label: mcp23017 }
              pi4: { label: pinctrl-bcm2711 }
            inputs:
              a: { chip: main, line: GPIO40 }
              b: { chip: expander, line: DOOR }
            """, file: "test.yaml")
        let backend = SimulatedBackend.simulating(configuration, clock: EmbeddedEventLoop(), board: pi5)
        #expect(try backend.chips().map(\.label) == [
            "pinctrl-rp1", "mcp23017", "gpio-brcmstb@107d508500", "gpio-brcmstb@107d508520",
            "gpio-brcmstb@107d517c00", "gpio-brcmstb@107d517c20",
        ])
        #expect(backend.simulatedChip(.label("pinctrl-rp1"))?.offset(of: .name("GPIO40")) == nil)
        #expect(backend.simulatedChip(.label("mcp23017"))?.offset(of: .name("DOOR")) != nil)

        let harness = EngineHarness(configuration, chips: {
            SimulatedBackend.simulating(configuration, clock: $0, board: pi5).simulatedChips
        })
        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.message == "input 'a': no line named 'GPIO40' on gpiochip0 [pinctrl-rp1]")

        // Without a board the Pi 5's controller is made up to fit, as before.
        let loose = SimulatedBackend.simulating(configuration, clock: EmbeddedEventLoop())
        #expect(loose.simulatedChip(.label("pinctrl-rp1"))?.offset(of: .name("GPIO40")) != nil)
    }

    @Test("a reload keeps the board: its chips stay, another Pi's chip is still not made up")
    func reloadKeepsTheBoard() throws {
        let pi3 = try Self.pi("pi3")
        let loop = EmbeddedEventLoop()
        let first = try ConfigLoader.parse("""
            chips: { main: { label: pinctrl-bcm2835 } }
            inputs: { a: { chip: main, line: SDA1 } }
            """, file: "test.yaml")
        let running = SimulatedBackend.simulating(first, clock: loop, board: pi3)
        let second = try ConfigLoader.parse("""
            chips:
              main: { label: pinctrl-bcm2835 }
              pi4: { label: pinctrl-bcm2711 }
              expander: { label: mcp23017 }
            inputs: { a: { chip: main, line: SDA1 } }
            """, file: "test.yaml")
        let reloaded = SimulatedBackend.simulating(second, clock: loop, existing: running.simulatedChips)
        #expect(try reloaded.chips().map(\.label)
            == ["pinctrl-bcm2835", "brcmvirt-gpio", "raspberrypi-exp-gpio", "mcp23017"])
    }
}

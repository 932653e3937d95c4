import Config
import GPIO
import GPIOSimulated
import LoopEmbedded
import Service
import Control
import Testing

/// The one choice of chips the command line makes, asked at start and at each reload.
@Suite("The backend factory")
struct GPIOBackendFactoryTests {
    static let first = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs: { a: { chip: main, line: GPIO17 } }
        outputs: { led: { chip: main, line: GPIO5, follows: a } }
        """
    static let second = """
        chips:
          main: { label: pinctrl-bcm2711 }
          expander: { label: mcp23017 }
        inputs: { a: { chip: main, line: GPIO17 }, door: { chip: expander, line: 0 } }
        outputs: { led: { chip: main, line: GPIO5, follows: a } }
        """

    @Test("simulated: a reload keeps the chips with their levels and adds the chips the new config declares")
    func simulatedAcrossReloads() throws {
        let loop = EmbeddedEventLoop()
        let factory = GPIOBackendFactory.simulated()
        #expect(factory.isSimulated)
        let configuration = try ConfigLoader.parse(Self.first, file: "first.yaml")
        let started = try #require(factory.backend(for: configuration, on: loop) as? SimulatedBackend)
        #expect(started.simulatedChips.map(\.info.label) == ["pinctrl-bcm2711"])
        #expect(factory.summary(of: started, for: configuration) == "simulated chips: gpiochip0 [pinctrl-bcm2711]")
        started.simulatedChips[0].setActive(.name("GPIO17"), true)

        let reloaded = try ConfigLoader.parse(Self.second, file: "second.yaml")
        let next = try #require(factory.backend(for: reloaded, on: loop, replacing: started) as? SimulatedBackend)
        #expect(next.simulatedChips.map(\.info.label) == ["pinctrl-bcm2711", "mcp23017"])
        #expect(next.simulatedChips[0] === started.simulatedChips[0])
        #expect(next.simulatedChips[0].level(of: .name("GPIO17")) == true)
        #expect(factory.summary(of: next, for: reloaded)
            == "simulated chips: gpiochip0 [pinctrl-bcm2711], gpiochip1 [mcp23017]")
    }

    @Test("simulated, a config that uses no line: the summary says there is no chip rather than ending blank")
    func simulatedWithoutLines() throws {
        let loop = EmbeddedEventLoop()
        let factory = GPIOBackendFactory.simulated()
        let configuration = try ConfigLoader.parse("""
            inputs:
              setpoint: { command: true, type: number, initial: 21 }
            """, file: "numbers.yaml")
        let started = try factory.backend(for: configuration, on: loop)
        #expect(factory.summary(of: started, for: configuration) == "simulated chips: none (no line is used)")
    }

    @Test("simulated on a board: the board's chips, named in the summary; chips made first are the start's")
    func simulatedBoardAndFirst() throws {
        let loop = EmbeddedEventLoop()
        let configuration = try ConfigLoader.parse(Self.first, file: "first.yaml")
        let pi5 = GPIOBackendFactory.simulated(board: .pi5)
        let board = try #require(pi5.backend(for: configuration, on: loop) as? SimulatedBackend)
        #expect(board.board == .pi5)
        #expect(pi5.summary(of: board, for: configuration).hasPrefix("simulated \(BoardProfile.pi5.model) (\(BoardProfile.pi5.name)); chips: "))

        let made = SimulatedBackend.simulating(configuration, clock: loop)
        let given = GPIOBackendFactory.simulated(first: made)
        #expect(given.backend(for: configuration, on: loop) as? SimulatedBackend === made)
    }

    @Test("kernel: the same backend for every configuration, its summary as given, no lines moved by hand")
    func kernel() throws {
        let loop = EmbeddedEventLoop()
        let chips = SimulatedBackend.raspberryPi(clock: loop)
        let factory = GPIOBackendFactory.kernel(chips, summary: "libgpiod 2.1 (API v2)")
        #expect(!factory.isSimulated)
        let configuration = try ConfigLoader.parse(Self.first, file: "first.yaml")
        let started = factory.backend(for: configuration, on: loop)
        #expect(started as? SimulatedBackend === chips)
        let reloaded = try ConfigLoader.parse(Self.second, file: "second.yaml")
        #expect(factory.backend(for: reloaded, on: loop, replacing: started) as? SimulatedBackend === chips)
        #expect(factory.summary(of: started, for: configuration) == "libgpiod 2.1 (API v2)")
        let options = Daemon.Options(configuration: configuration, configPath: nil, backend: factory, controlPath: nil,
                                     interaction: .keyboard, version: "test")
        #expect(options.interaction == .none)
    }

    @Test("a daemon on the kernel's factory moves no line by hand and says nothing of simulating, whatever its chips")
    func daemonOnTheKernel() throws {
        let rig = try DaemonTests.Rig(Configuration.embeddedDemoText, kernel: true)
        try rig.daemon.start()
        #expect(rig.messages.first?.hasSuffix("; the kernel's") == true, "\(rig.messages.first ?? "")")
        #expect(rig.daemon.handle(.sim(name: "switch1", action: .toggle))
            == .failure("gpioagg is not simulating its inputs (start it with --simulate)"))
        let ready = try #require(rig.notifications.all.first { $0.first == "READY=1" })
        #expect(ready.contains("STATUS=3 inputs, 1 signal, 1 output; no output on"), "\(ready)")
        rig.daemon.stop(reason: "test")
    }
}

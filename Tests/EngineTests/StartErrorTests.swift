import Config
import Engine
import GPIO
import GPIOSimulated
import Testing

@Suite("Errors at start")
struct StartErrorTests {
    /// The example, with `ready_led` on from the start (initial true, safe false) so
    /// that the safe value shows.
    static var example: Configuration {
        var configuration = Fixtures.example
        configuration.outputs[0].initial = true
        return configuration
    }

    @Test("a busy input names its declaration and leaves the outputs safe and released")
    func busyInput() throws {
        let harness = EngineHarness(Self.example)
        let other = try harness.simulated.openChip(.label("pinctrl-bcm2711"))
        let held = try other.requestInputs([InputLineConfig(offset: 27)], consumer: "doorbell")
        defer { held.release() }

        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.kind == .gpio)
        #expect(error.gpioError?.kind == .busy)
        #expect(error.location == Fixtures.at(12))
        #expect(error.description.hasPrefix("""
            gpioagg.yaml:12:3: error: input 'switch2': line 27 'GPIO27' on gpiochip0 [pinctrl-bcm2711] is busy: it is held by 'doorbell'
            hint: stop the other user of the line
            """))
        // The LED was requested (initial on), then driven safe and released.
        #expect(harness.writes("GPIO5") == [true, false])
        #expect(harness.chip.consumer(of: .name("GPIO5")) == nil)
        #expect(harness.chip.consumer(of: .name("GPIO17")) == nil)
        #expect(harness.engine.isRunning == false)
        #expect(harness.changes(of: .output, "ready_led") == [true, false])
        // Stopping again, or starting again, changes nothing.
        harness.engine.stop()
        #expect(harness.writes("GPIO5") == [true, false])
        #expect(throws: EngineError.self) { try harness.start() }
    }

    @Test("a busy output names its declaration")
    func busyOutput() throws {
        let harness = EngineHarness(Self.example)
        let other = try harness.simulated.openChip(.label("pinctrl-bcm2711"))
        let held = try other.requestOutputs([OutputLineConfig(offset: 5)], consumer: "")
        defer { held.release() }
        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.description.hasPrefix(
            "gpioagg.yaml:19:3: error: output 'ready_led': line 5 'GPIO5' on gpiochip0 [pinctrl-bcm2711] is busy: it is held by another process"))
    }

    @Test("an unknown line name points at the input and at its chip, and suggests names")
    func unknownLineName() throws {
        var configuration = Self.example
        configuration.inputs[1].line = .name("GPIO72")
        let harness = EngineHarness(configuration)
        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.gpioError?.kind == .lineNotFound)
        #expect(error.description == """
            gpioagg.yaml:12:3: error: input 'switch2': no line named 'GPIO72' on gpiochip0 [pinctrl-bcm2711]
            gpioagg.yaml:8:3: note: chip 'main' is declared here
            hint: did you mean 'GPIO12', 'GPIO2' or 'GPIO22'? ('gpioagg info' lists every line)
            """)
        // Nothing was requested: lines are resolved before any is.
        #expect(harness.chip.writes.isEmpty)
    }

    @Test("an unknown chip points at the declaration that uses it")
    func unknownChip() throws {
        var configuration = Self.example
        configuration.chips[0].locator = .label("pinctrl-rp1")
        let harness = EngineHarness(configuration)
        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.gpioError?.kind == .chipNotFound)
        #expect(error.description.hasPrefix("""
            gpioagg.yaml:19:3: error: output 'ready_led': GPIO chip label 'pinctrl-rp1' not found
            gpioagg.yaml:8:3: note: chip 'main' is declared here
            hint: chips on this system: gpiochip0 [pinctrl-bcm2711] (58 lines)
            """))
    }

    @Test("an offset past the chip's end is reported at the input")
    func offsetOutOfRange() throws {
        var configuration = Self.example
        configuration.inputs[2].line = .offset(58)
        let harness = EngineHarness(configuration)
        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.location == Fixtures.at(13))
        #expect(error.message.hasPrefix("input 'switch3': gpiochip0 [pinctrl-bcm2711] has 58 lines"))
    }

    @Test("one line named twice (by name and by offset) is a configuration error")
    func lineUsedTwice() throws {
        var configuration = Self.example
        configuration.inputs[2].line = .offset(17)
        let harness = EngineHarness(configuration)
        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.kind == .configuration)
        #expect(error.description == """
            gpioagg.yaml:13:3: error: line 17 of gpiochip0 [pinctrl-bcm2711] is already used by input 'switch1' (line 11, as GPIO17)
            gpioagg.yaml:11:3: note: input 'switch1' is declared here
            hint: a line can be requested once; pick another line
            """)
    }

    @Test("a reference the configuration does not resolve is reported at its declaration")
    func unresolvedReference() throws {
        var configuration = Self.example
        configuration.signals[0].expression = .all(["switch1", "switch4"])
        let harness = EngineHarness(configuration)
        let error = try #require(throws: EngineError.self) { try harness.start() }
        #expect(error.description == "gpioagg.yaml:16:3: error: signal 'all_on' uses 'switch4', which is not an input or a signal declared before it")
        #expect(harness.writes("GPIO5") == [true, false], "the output was requested, then made safe")
        #expect(harness.chip.consumer(of: .name("GPIO17")) == nil)
    }

    @Test("more than 64 inputs on one chip are requested in several requests")
    func requestsHoldAtMost64Lines() throws {
        let count = 150
        let configuration = Configuration(
            chips: [ChipDeclaration(name: "wide", locator: .name("gpiochip0"), location: Fixtures.at(1))],
            inputs: (0..<count).map { InputDeclaration(name: "in\($0)", chip: "wide", line: .offset(UInt32($0)),
                                                       location: Fixtures.at(10 + $0)) },
            signals: [SignalDeclaration(name: "all_on", expression: .all((0..<count).map { "in\($0)" }),
                                        location: Fixtures.at(200))],
            outputs: [OutputDeclaration(name: "led", chip: "wide", line: .offset(UInt32(count)), follows: "all_on",
                                        location: Fixtures.at(300))],
            file: Fixtures.file)
        let harness = EngineHarness(configuration, chips: { clock in
            [SimulatedChip(name: "gpiochip0", label: "wide", lineCount: count + 1, clock: clock)]
        })
        try harness.start()
        #expect(harness.loop.watchedDescriptors.count == 3)   // 64 + 64 + 22
        for offset in 0..<count { harness.chip.setActive(.offset(UInt32(offset)), true) }
        harness.loop.run()
        #expect(harness.output("led") == true)
        harness.set("149", false)
        #expect(harness.output("led") == false)
    }
}

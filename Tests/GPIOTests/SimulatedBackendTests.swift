import GPIO
import GPIOSimulated
import Testing

@Suite struct SimulatedBackendTests {
    let clock = VirtualSimulationClock()

    func piBackend(_ numbering: SimulatedChip.EventNumbering = .numbered) -> SimulatedBackend {
        SimulatedBackend.raspberryPi(clock: clock, numbering: numbering)
    }

    @Test func findsTheChipByPathNameAndLabel() throws {
        let backend = piBackend()
        for text in ["/dev/gpiochip0", "gpiochip0", "pinctrl-bcm2711"] {
            let chip = try backend.openChip(ChipLocator(text))
            #expect(chip.info == ChipInfo(path: "/dev/gpiochip0", name: "gpiochip0",
                                          label: "pinctrl-bcm2711", lineCount: 58))
        }
    }

    @Test func anUnknownChipListsTheChipsThatExist() {
        let error = #expect(throws: GPIOError.self) {
            try piBackend().openChip(ChipLocator("pinctrl-rp1"))
        }
        #expect(error?.kind == .chipNotFound)
        #expect(error?.description == """
            GPIO chip label 'pinctrl-rp1' not found
            hint: chips on this system: gpiochip0 [pinctrl-bcm2711] (58 lines)
            """)
    }

    @Test func resolvesLinesByNameAndOffsetAndSuggestsNearNames() throws {
        let chip = try piBackend().openChip(ChipLocator("gpiochip0"))
        #expect(try chip.lineOffset(LineLocator("GPIO17")) == 17)
        #expect(try chip.lineOffset(LineLocator("22")) == 22)
        let unknown = #expect(throws: GPIOError.self) { try chip.lineOffset(LineLocator("GPI017")) }
        #expect(unknown?.kind == .lineNotFound)
        #expect(unknown?.hint.hasPrefix("did you mean 'GPIO17'") == true)
        let tooFar = #expect(throws: GPIOError.self) { try chip.lineOffset(LineLocator("58")) }
        #expect(tooFar?.message == "gpiochip0 [pinctrl-bcm2711] has 58 lines (offsets 0-57); offset 58 does not exist")
    }

    @Test func aBusyLineNamesItsHolder() throws {
        let chip = try piBackend().openChip(ChipLocator("gpiochip0"))
        let held = try chip.requestInputs([InputLineConfig(offset: 17)], consumer: "doorbell")
        let error = #expect(throws: GPIOError.self) {
            try chip.requestOutputs([OutputLineConfig(offset: 17)], consumer: "gpioagg")
        }
        #expect(error?.kind == .busy)
        #expect(error?.message == "line 17 'GPIO17' on gpiochip0 [pinctrl-bcm2711] is busy: it is held by 'doorbell'")
        // A failed request leaves the holder's claim alone.
        #expect(try chip.lineInfo(17).consumer == "doorbell")
        held.release()
        #expect(try chip.lineInfo(17).used == false)
        _ = try chip.requestOutputs([OutputLineConfig(offset: 17)], consumer: "gpioagg")
    }

    @Test func outputsStartAtTheirInitialValueAndRecordEveryWrite() throws {
        let backend = piBackend()
        let sim = try #require(backend.simulatedChip(ChipLocator("gpiochip0")))
        let chip = try backend.openChip(ChipLocator("gpiochip0"))
        let outputs = try chip.requestOutputs([
            OutputLineConfig(offset: 5, initial: true),
            OutputLineConfig(offset: 6, activeLow: true, initial: true),
        ], consumer: "gpioagg")
        #expect(sim.level(of: .offset(5)) == true)
        #expect(sim.level(of: .offset(6)) == false)
        clock.advance(by: .milliseconds(3))
        try outputs.setValues([(offset: 5, value: false), (offset: 6, value: false)])
        #expect(try outputs.values() == [false, false])
        #expect(sim.level(of: .offset(6)) == true)
        #expect(sim.writes.map(\.offset) == [5, 6, 5, 6])
        #expect(sim.writes.map(\.level) == [true, false, false, true])
        #expect(sim.writes.map(\.timestamp) == [0, 0, 3_000_000, 3_000_000])
        #expect(throws: GPIOError.self) { try outputs.setValues([(offset: 7, value: true)]) }
        outputs.release()
        #expect(try chip.lineInfo(5).used == false)
    }

    @Test func inputsFollowTheirPullAndBias() throws {
        let backend = piBackend()
        let sim = try #require(backend.simulatedChip(ChipLocator("gpiochip0")))
        let chip = try backend.openChip(ChipLocator("gpiochip0"))
        let inputs = try chip.requestInputs([
            InputLineConfig(offset: 17, activeLow: true, bias: .pullUp),
            InputLineConfig(offset: 27, bias: .pullDown),
        ], consumer: "gpioagg")
        #expect(try inputs.values() == [false, false])
        sim.set("GPIO17", high: false)
        sim.setActive(.name("GPIO27"), true)
        #expect(try inputs.values() == [true, true])
        let info = try chip.lineInfo(17)
        #expect(info.activeLow && info.bias == .pullUp && info.consumer == "gpioagg")
    }

    @Test func pulsesAndBouncesFollowTheClock() throws {
        let backend = piBackend()
        let sim = try #require(backend.simulatedChip(ChipLocator("gpiochip0")))
        let chip = try backend.openChip(ChipLocator("gpiochip0"))
        let inputs = try chip.requestInputs([InputLineConfig(offset: 4)], consumer: "t")
        let fd = inputs.fileDescriptors[0]
        sim.pulse(.offset(4), for: .milliseconds(50))
        #expect(try inputs.values() == [true])
        clock.advance(by: .milliseconds(49))
        #expect(try inputs.values() == [true])
        clock.advance(by: .milliseconds(1))
        #expect(try inputs.values() == [false])
        var events: [EdgeEvent] = []
        try inputs.readEvents(from: fd, into: &events)
        #expect(events == [
            EdgeEvent(offset: 4, edge: .rising, timestamp: 0, globalSequence: 1, lineSequence: 1),
            EdgeEvent(offset: 4, edge: .falling, timestamp: 50_000_000, globalSequence: 2, lineSequence: 2),
        ])
        sim.bounce(.offset(4), to: true, bounces: 2, every: .microseconds(100))
        clock.advance(by: .milliseconds(1))
        events.removeAll()
        try inputs.readEvents(from: fd, into: &events)
        #expect(events.map(\.edge) == [.rising, .falling, .rising, .falling, .rising])
        #expect(events.map(\.timestamp) == [50, 50.1, 50.2, 50.3, 50.4].map { UInt64($0 * 1_000_000) })
    }

    @Test func unnumberedChipsGiveOneDescriptorPerLine() throws {
        let backend = piBackend(.unnumbered)
        let chip = try backend.openChip(ChipLocator("gpiochip0"))
        let inputs = try chip.requestInputs([InputLineConfig(offset: 2), InputLineConfig(offset: 3)],
                                            consumer: "t")
        #expect(inputs.fileDescriptors.count == 2)
        #expect(!inputs.numbersEvents && inputs.eventBufferCapacity == 16)
        backend.simulatedChip(ChipLocator("gpiochip0"))?.set("GPIO3", high: true)
        var events: [EdgeEvent] = []
        #expect(try inputs.readEvents(from: inputs.fileDescriptors[0], into: &events) == 0)
        #expect(try inputs.readEvents(from: inputs.fileDescriptors[1], into: &events) == 1)
        #expect(events == [EdgeEvent(offset: 3, edge: .rising, timestamp: 0)])
    }
}

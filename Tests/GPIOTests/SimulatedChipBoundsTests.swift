import GPIO
import GPIOSimulated
import Testing

/// A simulation runs as long as a daemon does: what a simulated chip keeps is bounded.
@Suite("A simulated chip keeps a bounded amount")
struct SimulatedChipBoundsTests {
    let clock = VirtualSimulationClock()

    @Test("pulses wait behind the running one up to the limit; one more is refused and changes nothing")
    func queuedPulsesAreBounded() {
        let chip = SimulatedChip(name: "gpiochip0", label: "t", lineCount: 2, clock: clock)
        let limit = SimulatedChip.maximumQueuedPulses
        #expect(limit == 64)
        #expect(chip.pulse(.offset(1), for: .milliseconds(1)), "runs")
        for _ in 0..<limit { #expect(chip.pulse(.offset(1), for: .milliseconds(1)), "waits") }
        #expect(chip.pendingPulses(.offset(1)) == 1 + limit)
        #expect(!chip.pulse(.offset(1), for: .milliseconds(1)), "refused")
        #expect(chip.pendingPulses(.offset(1)) == 1 + limit)
        #expect(!chip.pulse(.offset(7), for: .milliseconds(1)), "no such line")
        // The pulses accepted run back to back and end where the first started.
        clock.advance(by: .milliseconds(Int64(limit)))
        #expect(chip.pendingPulses(.offset(1)) == 1)
        #expect(chip.level(of: .offset(1)) == true)
        clock.advance(by: .milliseconds(1))
        #expect(chip.pendingPulses(.offset(1)) == 0)
        #expect(chip.level(of: .offset(1)) == false)
        // Once they are over, the line takes pulses again.
        #expect(chip.pulse(.offset(1), for: .milliseconds(1)))
    }

    @Test("a set empties the queue: the limit counts what waits, not what was ever asked")
    func aSetFreesTheQueue() {
        let chip = SimulatedChip(name: "gpiochip0", label: "t", lineCount: 1, clock: clock)
        for _ in 0...SimulatedChip.maximumQueuedPulses { chip.pulse(.offset(0), for: .seconds(1)) }
        chip.set(.offset(0), high: false)
        #expect(chip.pendingPulses(.offset(0)) == 0)
        #expect(chip.pulse(.offset(0), for: .seconds(1)))
        #expect(chip.pulse(.offset(0), for: .seconds(1)))
    }

    @Test("writes keep the latest, 1024 by default, oldest first; writeCount counts every one")
    func writesAreARing() throws {
        let chip = SimulatedChip(name: "gpiochip0", label: "t", lineCount: 1, clock: clock)
        let outputs = try SimulatedBackend(chips: [chip]).openChip(ChipLocator("gpiochip0"))
            .requestOutputs([OutputLineConfig(offset: 0, initial: false)], consumer: "t")
        for index in 1...10_000 {
            clock.advance(by: .nanoseconds(1))
            try outputs.setValues([(offset: 0, value: index % 2 == 1)])
        }
        #expect(chip.writeCount == 10_001, "the initial value, then 10,000 writes")
        let kept = chip.writes
        #expect(kept.count == SimulatedChip.defaultWriteHistory)
        #expect(SimulatedChip.defaultWriteHistory == 1024)
        #expect(kept.map(\.timestamp) == (10_000 - 1023...10_000).map { UInt64($0) }, "the latest, in order")
        chip.clearWrites()
        #expect(chip.writes.isEmpty && chip.writeCount == 0)
        try outputs.setValues([(offset: 0, value: true)])
        #expect(chip.writes.map(\.value) == [true])
    }

    @Test("the history's length is set when the chip is made")
    func historyLength() throws {
        let chip = SimulatedChip(name: "gpiochip0", label: "t", lineCount: 1, writeHistory: 3, clock: clock)
        let outputs = try SimulatedBackend(chips: [chip]).openChip(ChipLocator("gpiochip0"))
            .requestOutputs([OutputLineConfig(offset: 0, initial: false)], consumer: "t")
        for index in 1...5 {
            clock.advance(by: .nanoseconds(1))
            try outputs.setValues([(offset: 0, value: index % 2 == 1)])
        }
        #expect(chip.writes.map(\.timestamp) == [3, 4, 5])
        #expect(chip.writeCount == 6)
    }
}

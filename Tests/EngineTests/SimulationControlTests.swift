import Config
@testable import Engine
import GPIO
import Testing

@Suite("Simulated input control")
struct SimulationControlTests {
    @Test("set, toggle and pulse move inputs by their logical value, through debounce")
    func setTogglePulse() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        try harness.setInput("switch1", true)
        #expect(harness.level("GPIO17") == false, "active low: on is a low line")
        try harness.setInput("switch2", true)
        try harness.toggleInput("switch3")
        harness.advance(by: .milliseconds(10))
        #expect(harness.snapshot.inputs == ["switch1": true, "switch2": true, "switch3": true])
        #expect(harness.output("ready_led") == true)

        try harness.toggleInput("switch3")
        harness.advance(by: .milliseconds(10))
        #expect(harness.output("ready_led") == false)

        // A 50 ms pulse on: the LED lights 10 ms (debounce) after it starts, and goes
        // off 10 ms after it ends.
        try harness.pulseInput("switch3", for: .milliseconds(50))
        harness.advance(by: .milliseconds(10), step: .milliseconds(1))
        #expect(harness.output("ready_led") == true)
        harness.advance(by: .milliseconds(40), step: .milliseconds(1))
        #expect(harness.output("ready_led") == true)
        #expect(harness.level("22") == true, "the pulse ended: the line is back up")
        harness.advance(by: .milliseconds(10), step: .milliseconds(1))
        #expect(harness.output("ready_led") == false)
        #expect(harness.changes(of: .output, "ready_led") == [false, true, false, true, false])
    }

    @Test("setting an input to the value it has changes nothing")
    func setToSameValue() throws {
        let harness = EngineHarness(Fixtures.signal(.toggle("a")))
        try harness.start()
        try harness.setInput("a", true)
        harness.loop.run()
        try harness.setInput("a", true)
        harness.loop.run()
        #expect(harness.changes(of: .input, "a") == [true])
        #expect(harness.signal("s") == true)
    }

    @Test("two pulses in a row end where the first started: the second waits for the first")
    func backToBackPulses() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        try harness.pulseInput("switch1", for: .milliseconds(200))
        try harness.pulseInput("switch1", for: .milliseconds(200))
        harness.advance(by: .milliseconds(100), step: .milliseconds(1))
        #expect(harness.input("switch1") == true)
        harness.advance(by: .milliseconds(200), step: .milliseconds(1))
        #expect(harness.input("switch1") == true, "the second pulse runs from where the first ended")
        harness.advance(by: .seconds(1), step: .milliseconds(1))
        #expect(harness.input("switch1") == false, "both pulses over: back off, as before the first")
        // The two pulses meet without a gap: debounce sees one press of 400 ms.
        #expect(harness.changes(of: .input, "switch1") == [true, false])
        let ended = try #require(harness.changes.last { $0.name == "switch1" }).timestamp
        #expect(ended == 410_000_000, "400 ms of pulses, then 10 ms of debounce")
        let (chip, line) = try harness.inputLine("switch1")
        #expect(chip.pendingPulses(line) == 0)
    }

    @Test("a set after a pulse cancels what remains of the pulse")
    func setCancelsPulse() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        try harness.pulseInput("switch1", for: .milliseconds(300))
        harness.advance(by: .milliseconds(100), step: .milliseconds(1))
        try harness.setInput("switch1", true)
        harness.advance(by: .seconds(1), step: .milliseconds(1))
        #expect(harness.input("switch1") == true, "the pulse's end does not undo the later set")
        #expect(harness.changes(of: .input, "switch1") == [true])
    }

    @Test("a toggle during a pulse cancels its end, and the pulses queued after it")
    func toggleCancelsQueuedPulses() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        try harness.pulseInput("switch1", for: .milliseconds(100))
        try harness.pulseInput("switch1", for: .milliseconds(100))
        harness.advance(by: .milliseconds(50), step: .milliseconds(1))
        try harness.toggleInput("switch1")
        harness.advance(by: .seconds(1), step: .milliseconds(1))
        #expect(harness.input("switch1") == false)
        #expect(harness.changes(of: .input, "switch1") == [true, false])
    }
}

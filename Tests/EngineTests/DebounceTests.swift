import Config
import Engine
import GPIO
import Testing

@Suite("Debounce through the engine")
struct DebounceTests {
    @Test("a bouncing switch changes the input once, a period after its last bounce")
    func bounceBecomesOneChange() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        // switch1 closes (line low, logical on) and bounces three times, 1 ms apart.
        harness.chip.bounce(.name("GPIO17"), to: false, bounces: 3, every: .milliseconds(1))
        harness.loop.run()
        harness.advance(by: .milliseconds(15), step: .milliseconds(1))
        #expect(harness.input("switch1") == false, "still within 10 ms of the last bounce at 6 ms")
        harness.advance(by: .milliseconds(1))
        #expect(harness.input("switch1") == true)
        #expect(harness.changes(of: .input, "switch1") == [true])
        #expect(harness.changes.first { $0.name == "switch1" }?.timestamp == 16_000_000)
    }

    @Test("a glitch shorter than the period is ignored")
    func glitchIsIgnored() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        harness.chip.pulse(.name("GPIO17"), for: .milliseconds(3))
        harness.advance(by: .milliseconds(30), step: .milliseconds(1))
        #expect(harness.changes(of: .input, "switch1").isEmpty)
        #expect(harness.input("switch1") == false)
    }

    @Test("events read late still debounce on their timestamps")
    func lateReadKeepsTimestamps() throws {
        let harness = EngineHarness(Fixtures.example)
        try harness.start()
        harness.chip.bounce(.name("GPIO17"), to: false, bounces: 2, every: .milliseconds(1))
        // One big step: the engine reads all five edges at 30 ms; the deadline (4 ms +
        // 10 ms) has passed already.
        harness.advance(by: .milliseconds(30))
        #expect(harness.input("switch1") == true)
        #expect(harness.changes(of: .input, "switch1") == [true])
    }

    @Test("lockout reports the first edge at once and ignores the bounces after it")
    func lockoutActsAtOnce() throws {
        var configuration = Fixtures.example
        configuration.inputs[0].debounce = Debounce(.lockout, period: .milliseconds(10))
        let harness = EngineHarness(configuration)
        try harness.start()
        harness.chip.bounce(.name("GPIO17"), to: false, bounces: 3, every: .milliseconds(1))
        harness.loop.run()
        #expect(harness.input("switch1") == true)
        harness.advance(by: .milliseconds(30), step: .milliseconds(1))
        #expect(harness.changes(of: .input, "switch1") == [true])
    }
}

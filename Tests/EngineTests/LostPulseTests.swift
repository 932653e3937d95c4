import Config
import Engine
import GPIO
import GPIOSimulated
import Testing
import Values

/// Counters on a line whose kernel buffer overflows: the pulses the sequence numbers
/// prove lost are added (libgpiod v2), a loss without numbers is reported and counted
/// but adds nothing (v1).
@Suite("Lost pulses of counters")
struct LostPulseTests {
    static let meter = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          meter: { chip: main, line: GPIO17 }
          bouncy: { chip: main, line: GPIO22, debounce: 10ms }
        signals:
          water: { count: meter, multiply: 2.5, unit: L }
          ticks: { count: bouncy }
        """

    static func running(_ numbering: SimulatedChip.EventNumbering) throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse(meter, file: "gpioagg.yaml"), numbering: numbering)
        try harness.start()
        return harness
    }

    /// `count` presses of `line` while the engine does not read: the kernel's buffer
    /// fills and drops events. Then the engine reads.
    static func burst(_ harness: EngineHarness, _ line: String, presses count: Int) {
        for _ in 0..<count {
            harness.chip.setActive(LineLocator(line), true)
            harness.chip.setActive(LineLocator(line), false)
        }
        harness.loop.run()
    }

    @Test("numbered events: a burst that overflows the buffer is counted in full, and the loss is logged, in status and in why")
    func numberedBurstCountedInFull() throws {
        let harness = try Self.running(.numbered)
        Self.burst(harness, "GPIO17", presses: 100)
        #expect(harness.signal("water") == .number(250, "L"))
        let line = try #require(harness.log.first { $0.hasPrefix("input meter: the kernel dropped ") })
        let lost = try #require(harness.engine.snapshot().lost["water"])
        #expect(lost.losses == 1)
        #expect(lost.edges > 0 && lost.edges < 200)
        #expect(lost.pulses == lost.edges / 2)
        #expect(line == "input meter: the kernel dropped \(lost.edges) edges (line sequence 1 to \(lost.edges)); "
            + "counter water adds \(lost.pulses) pulses (1 loss so far)")
        #expect(harness.engine.snapshot().lost["meter"] == lost)
        let why = try #require(harness.engine.explain("water", depth: 0)).first ?? ""
        #expect(why.hasSuffix("; 100 pulses counted since start; the kernel dropped \(lost.edges) edges in 1 loss, "
            + "\(lost.pulses) pulses of them added"), "\(why)")

        // Counting goes on from there, one pulse at a time.
        harness.set("GPIO17", true)
        harness.set("GPIO17", false)
        #expect(harness.signal("water") == .number(252.5, "L"))
    }

    @Test("numbered events: an odd number of edges dropped after an event hides one more rising edge, and it is added")
    func oddGapAfterAnEvent() throws {
        let harness = try Self.running(.numbered)
        harness.set("GPIO17", true)          // read: the level comes from this event
        harness.chip.setActive(LineLocator("GPIO17"), false)
        Self.burst(harness, "GPIO17", presses: 99)
        // 1 + 99 rising edges; the first read edge is a rising one the level already had.
        #expect(harness.signal("water") == .number(250, "L"))
        let lost = try #require(harness.engine.snapshot().lost["water"])
        #expect(lost.edges % 2 == 1)
        #expect(lost.pulses == (lost.edges + 1) / 2)
    }

    @Test("numbered events on a line debounced in software: the loss is counted and logged, no pulse is added")
    func softwareDebounceAddsNothing() throws {
        let harness = try Self.running(.numbered)
        Self.burst(harness, "GPIO22", presses: 100)
        harness.advance(by: .milliseconds(20))
        let line = try #require(harness.log.first { $0.hasPrefix("input bouncy: the kernel dropped ") })
        #expect(line.contains("; counter ticks adds none: the line is debounced in software"), "\(line)")
        let lost = try #require(harness.engine.snapshot().lost["ticks"])
        #expect(lost.losses == 1 && lost.edges > 0 && lost.pulses == 0)
    }

    @Test("unnumbered events: a full buffer is logged and counted as at least one lost edge, and the total is what was read")
    func unnumberedOverflowReported() throws {
        let harness = try Self.running(.unnumbered)
        Self.burst(harness, "GPIO17", presses: 100)
        // The line's 16-event buffer kept the first 8 presses and dropped the newest.
        #expect(harness.signal("water") == .number(20, "L"))
        let line = try #require(harness.log.first { $0.hasPrefix("input meter: ") })
        #expect(line == "input meter: the kernel dropped at least one edge (its buffer was full); "
            + "counter water cannot tell how many pulses: its total may be low (1 loss so far)")
        #expect(harness.engine.snapshot().lost["water"] == LostPulses(losses: 1, edges: 0, pulses: 0))
        let why = try #require(harness.engine.explain("meter", depth: 0)).first ?? ""
        #expect(why.hasSuffix("; the kernel dropped edges 1 loss (at least one each; how many is not known)"), "\(why)")
    }
}

import Config
@testable import Engine
import GPIO
import Testing
import Values

/// Counters and rates in the graph, on simulated lines and virtual time.
@Suite("Counters and rates in the graph")
struct CounterGraphTests {
    static let meters = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          meter: { chip: main, line: GPIO17 }
          button: { chip: main, line: GPIO22 }
        signals:
          water:  { count: meter, multiply: 2.5, unit: L, reset: true }
          flow:   { rate: water, per: 1m, unit: L/min }
          energy: { count: meter, multiply: 0.001, unit: kWh, precision: 3 }
          double: { click: button, count: 2 }
          doubles: { count: double }
        """

    static func running() throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse(meters, file: "gpioagg.yaml"))
        try harness.start()
        return harness
    }

    /// `count` presses of `line`, one every `every`, each half of that; it returns at the
    /// last release.
    static func press(_ harness: EngineHarness, _ line: String, count: Int, every: Duration) {
        for press in 0..<count {
            if press > 0 { harness.advance(by: every / 2) }
            harness.set(line, true)
            harness.advance(by: every / 2)
            harness.set(line, false)
        }
    }

    @Test("each rising edge adds multiply:; the total starts at 0 and a thousand pulses of 0.001 are exactly 1")
    func counting() throws {
        let harness = try Self.running()
        #expect(harness.signal("water") == .number(0, "L"))
        Self.press(harness, "GPIO17", count: 4, every: .seconds(2))
        #expect(harness.signal("water") == .number(10, "L"))
        Self.press(harness, "GPIO17", count: 996, every: .milliseconds(100))
        #expect(harness.signal("energy") == .number(1, "kWh"))
        #expect(harness.signal("water") == .number(2500, "L"))
    }

    @Test("a click's activations are counted, one per gesture")
    func countingActivations() throws {
        let harness = try Self.running()
        for _ in 0..<3 {
            Self.press(harness, "GPIO22", count: 2, every: .milliseconds(200))
            harness.advance(by: .seconds(1))
        }
        #expect(harness.signal("doubles") == .number(3, .none))
    }

    @Test("a set total is where counting goes on from, refused below 0, and no pulse for the rate")
    func setTotal() throws {
        let harness = try Self.running()
        Self.press(harness, "GPIO17", count: 2, every: .seconds(2))
        #expect(harness.signal("flow") == .number(75, "L/min"))
        let set = try #require(harness.engine.setTotal("water", to: 12345.6))
        #expect(try set.get() == .number(12345.6, "L"))
        #expect(harness.signal("flow") == .number(75, "L/min"), "setting the total is no flow")
        Self.press(harness, "GPIO17", count: 1, every: .seconds(2))
        #expect(harness.signal("water") == .number(12348.1, "L"))
        if case .failure(let refusal)? = harness.engine.setTotal("water", to: -1) {
            #expect(refusal.description == "-1.00 is below 0, and 'water' is a total: 0 or more")
        } else {
            Issue.record("a negative total was taken")
        }
        #expect(harness.signal("water") == .number(12348.1, "L"))
        #expect(harness.engine.setTotal("flow", to: 1)?.refusal?.reason == .notSettable, "a rate is not a total")
        #expect(harness.engine.setTotal("water", to: 0).map { if case .success = $0 { true } else { false } } == true)
        #expect(harness.signal("water") == .number(0, "L"))
        #expect(harness.engine.set("flow", .number(1)).refusal?.reason == .notSettable, "a rate is no counter")
        #expect(harness.engine.set("water", .number(5)) == .applied(.number(5, "L"), precision: 2))
    }

    @Test("a reload keeps the total of a counter, and counts on from it; a changed multiply: applies to the pulses after it")
    func reload() throws {
        let harness = try Self.running()
        Self.press(harness, "GPIO17", count: 4, every: .seconds(2))
        #expect(harness.signal("water") == .number(10, "L"))
        let changed = Self.meters.replacingOccurrences(of: "multiply: 0.001", with: "multiply: 0.002")
        let next = Engine(configuration: try ConfigLoader.parse(changed, file: "gpioagg.yaml"),
                          backend: harness.simulated, loop: harness.loop)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(next.snapshot().signals["water"] == .number(10, "L"))
        #expect(next.snapshot().signals["energy"] == .number(0.004, "kWh"), "multiply: changed: the total stays")
        harness.set("GPIO17", true)
        #expect(next.snapshot().signals["water"] == .number(12.5, "L"))
        #expect(next.snapshot().signals["energy"] == .number(0.006, "kWh"))
        next.stop()
    }

    @Test("a reload keeps a counter's rate (its decay goes on) and its pulses since start when both are declared the same way")
    func reloadKeepsRateAndPulses() throws {
        let harness = try Self.running()
        Self.press(harness, "GPIO17", count: 3, every: .seconds(4))   // at 0, 4 and 8 s; now 10 s
        #expect(harness.signal("flow") == .number(37.5, "L/min"))
        // Another counter changes; water and flow are declared as before.
        let changed = Self.meters.replacingOccurrences(of: "multiply: 0.001", with: "multiply: 0.002")
        let next = Engine(configuration: try ConfigLoader.parse(changed, file: "gpioagg.yaml"),
                          backend: harness.simulated, loop: harness.loop)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(next.snapshot().signals["flow"] == .number(37.5, "L/min"), "the rate goes on")
        let why = try #require(next.explain("water", depth: 0)).first ?? ""
        #expect(why.hasSuffix("; 3 pulses counted since start"), "\(why)")
        harness.advance(by: .seconds(5))
        #expect(next.snapshot().signals["flow"] == .number(2.5 * 60 / 7, "L/min"),
                "its decay too: overdue from 13 s, the step at 15 s is 2.5 L over the 7 s since the last pulse")
        harness.set("GPIO17", true)   // at 15 s: 7 s after the last pulse before the reload
        #expect(next.snapshot().signals["flow"] == .number(2.5 * 60 / 7, "L/min"))
        #expect(try #require(next.explain("water", depth: 0)).first?.hasSuffix("; 4 pulses counted since start") == true)
        next.stop()
    }

    @Test("the rate holds until a pulse is overdue, then falls as the time since the last pulse grows, and is 0 after five intervals; why shows the pulses and the interval")
    func rateAndWhy() throws {
        let harness = try Self.running()
        Self.press(harness, "GPIO17", count: 3, every: .seconds(4))   // at 0, 4 and 8 s; now 10 s
        #expect(harness.signal("flow") == .number(37.5, "L/min"))
        harness.advance(by: .seconds(5))
        // Overdue from 13 s (a quarter of the 4 s interval late), then a step each second.
        #expect(harness.signal("flow") == .number(2.5 * 60 / 7, "L/min"), "2.5 L over the 7 s since the last pulse, at 15 s")
        let why = try #require(harness.engine.explain("water", depth: 0))
        #expect(why == ["water 7.50 L: signal count: meter, multiply: 2.5, reset: true, unit: L, "
            + "state_class: total_increasing; for 7s; 3 pulses counted since start"])
        let flow = try #require(harness.engine.explain("flow", depth: 0)).first ?? ""
        #expect(flow.contains("; 4s between the last two pulses; lower in 1s unless a pulse comes"), "\(flow)")
        harness.advance(by: .seconds(12))
        #expect(harness.signal("flow") == .number(2.5 * 60 / 19, "L/min"), "the last step, at 27 s, before the timeout at 28 s")
        harness.advance(by: .seconds(1))
        #expect(harness.signal("flow") == .number(0, "L/min"))
    }

    @Test("window: the pulses of the last window per per:, falling as each leaves it; why counts the pulses in the window")
    func window() throws {
        let harness = EngineHarness(try ConfigLoader.parse("""
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              meter: { chip: main, line: GPIO17 }
            signals:
              water: { count: meter, unit: L }
              flow:  { rate: water, per: 1m, window: 2m, unit: L/min }
            """, file: "gpioagg.yaml"))
        try harness.start()
        Self.press(harness, "GPIO17", count: 3, every: .seconds(20))   // at 0, 20 and 40 s; now 50 s
        #expect(harness.signal("flow") == .number(1.5, "L/min"), "3 L in the last 2 minutes")
        let why = try #require(harness.engine.explain("flow", depth: 0)).first ?? ""
        #expect(why.contains("; 3 pulses in the last 2m; lower in 1m10s unless a pulse comes"), "\(why)")
        harness.advance(by: .seconds(70))   // 120 s: the first pulse leaves the window
        #expect(harness.signal("flow") == .number(1, "L/min"))
        harness.advance(by: .seconds(40))   // 160 s: the last one has left too
        #expect(harness.signal("flow") == .number(0, "L/min"))
    }
}

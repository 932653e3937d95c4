import Config
@testable import Engine
import GPIO
import TestSupport
import Testing
import Values

/// The interlock's `wait` on every path to a reversal, and its rule below the covers:
/// checked on the writes the simulated chip recorded, in virtual time.
@Suite("Interlocks: never two on, and the wait between")
struct InterlockWaitTests {
    static let text = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          forward: { chip: main, line: GPIO17 }
        outputs:
          blinds_up: { chip: main, line: GPIO9 }
          blinds_down: { chip: main, line: GPIO10 }
          pump_a: { chip: main, line: GPIO5, command: true }
          pump_b: { chip: main, line: GPIO6, command: true }
          pump_c: { chip: main, line: GPIO13, follows: forward }
        covers:
          blinds: { up: blinds_up, down: blinds_down, travel: 20s }
        interlocks:
          blinds_motor: { outputs: [blinds_up, blinds_down], wait: 500ms }
          pumps: { outputs: [pump_a, pump_b, pump_c], wait: 300ms }
        """

    static func harness(_ text: String = text, blinds: Double? = 50) throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse(text, file: "interlocks.yaml"))
        if let blinds { harness.engine.keptValues.values[.cover("blinds")] = .number(blinds, .none) }
        try harness.start()
        harness.chip.clearWrites()
        return harness
    }

    /// Every write the chip recorded, gathered as a storm goes (the chip keeps only its
    /// latest 1,024).
    final class Writes {
        private(set) var all: [InterlockAudit.Write] = []
        private var seen = 0

        func gather(_ harness: EngineHarness) {
            let count = harness.chip.writeCount
            let fresh = harness.chip.writes.suffix(count - seen)
            seen = count
            all += fresh.map { .init(line: $0.offset, isOn: $0.value, at: $0.timestamp) }
        }
    }

    /// What broke the interlock over `lines` (names on the first chip) in `writes`, or in
    /// the chip's own record since the test cleared it.
    static func violations(_ harness: EngineHarness, _ lines: [String], wait: Duration,
                           writes: Writes? = nil) -> [String] {
        let offsets = lines.compactMap { harness.chip.offset(of: LineLocator($0)) }
        let audit = InterlockAudit(members: Set(offsets), wait: wait.wholeNanoseconds)
        let record = writes ?? { let all = Writes(); all.gather(harness); return all }()
        return audit.violations(in: record.all)
    }

    @Test("stop then close at the same instant: down comes on 500 ms after up went off, not with it")
    func stopThenClose() throws {
        let harness = try Self.harness()
        try harness.engine.setCover("blinds", .open)
        harness.advance(by: .seconds(2))
        try harness.engine.setCover("blinds", .stop)
        try harness.engine.setCover("blinds", .close)
        #expect(harness.level("GPIO9") == false)
        #expect(harness.level("GPIO10") == false, "down waits for the interlock")
        #expect(harness.snapshot.covers["blinds"]?.coverState == .closing)
        harness.advance(by: .milliseconds(499))
        #expect(harness.level("GPIO10") == false)
        harness.advance(by: .milliseconds(1))
        #expect(harness.level("GPIO10") == true)
        #expect(Self.violations(harness, ["GPIO9", "GPIO10"], wait: .milliseconds(500)) == [])
    }

    @Test("stop, then a position below 200 ms later: the rest of the wait, then down")
    func stopThenPosition() throws {
        let harness = try Self.harness()
        try harness.engine.setCover("blinds", .open)
        harness.advance(by: .seconds(2))
        try harness.engine.setCover("blinds", .stop)
        harness.advance(by: .milliseconds(200))
        try harness.engine.setCover("blinds", .position(20))
        harness.advance(by: .milliseconds(299))
        #expect(harness.level("GPIO10") == false)
        harness.advance(by: .milliseconds(1))
        #expect(harness.level("GPIO10") == true)
        #expect(Self.violations(harness, ["GPIO9", "GPIO10"], wait: .milliseconds(500)) == [])
    }

    @Test("a 1 kHz storm of open, close, stop and positions: never both motors, never less than the wait between")
    func commandStorm() throws {
        let harness = try Self.harness()
        var random = SplitMix64(state: 29)
        let commands: [CoverCommand] = [.open, .close, .stop, .position(10), .position(50), .position(90)]
        let writes = Writes()
        for _ in 0..<5_000 {
            _ = try? harness.engine.setCover("blinds", commands[random.below(commands.count)])
            harness.advance(by: .milliseconds(1))
            let state = harness.snapshot.covers["blinds"]?.coverState
            let up = harness.level("GPIO9") == true
            let down = harness.level("GPIO10") == true
            #expect(!(up && down))
            if up { #expect(state == .opening) }
            if down { #expect(state == .closing) }
            writes.gather(harness)
        }
        #expect(writes.all.count > 20, "the storm moved the motors (\(writes.all.count) writes)")
        #expect(Self.violations(harness, ["GPIO9", "GPIO10"], wait: .milliseconds(500), writes: writes) == [])
    }

    @Test("command outputs in an interlock: off then the other on at once waits the interlock's wait")
    func commandOutputOffThenOther() throws {
        let harness = try Self.harness()
        #expect(harness.engine.setOutput("pump_a", .on) == true)
        harness.advance(by: .seconds(1))
        #expect(harness.engine.setOutput("pump_a", .off) == false)
        #expect(harness.engine.setOutput("pump_b", .on) == false, "held off for the wait")
        harness.advance(by: .milliseconds(299))
        #expect(harness.level("GPIO6") == false)
        harness.advance(by: .milliseconds(1))
        #expect(harness.level("GPIO6") == true)
        // An output following an input, asked 100 ms after pump_b went off.
        #expect(harness.engine.setOutput("pump_b", .off) == false)
        harness.advance(by: .milliseconds(100))
        harness.set("GPIO17", true)
        #expect(harness.level("GPIO13") == false)
        harness.advance(by: .milliseconds(200))
        #expect(harness.level("GPIO13") == true)
        #expect(Self.violations(harness, ["GPIO5", "GPIO6", "GPIO13"], wait: .milliseconds(300)) == [])
    }

    @Test("a storm of commands and input changes on three interlocked outputs: never two on, never less than the wait")
    func outputStorm() throws {
        let harness = try Self.harness()
        var random = SplitMix64(state: 2029)
        let writes = Writes()
        for _ in 0..<3_000 {
            switch random.below(5) {
            case 0: harness.engine.setOutput("pump_a", random.below(2) == 0 ? .on : .off)
            case 1: harness.engine.setOutput("pump_b", random.below(2) == 0 ? .on : .toggle)
            case 2: harness.engine.setOutput("pump_b", .off)
            default: harness.set("GPIO17", random.below(2) == 0)
            }
            harness.advance(by: .milliseconds(random.below(3) == 0 ? 50 : 2))
            writes.gather(harness)
        }
        #expect(writes.all.count > 20, "the storm moved the outputs (\(writes.all.count) writes)")
        #expect(Self.violations(harness, ["GPIO5", "GPIO6", "GPIO13"], wait: .milliseconds(300), writes: writes) == [])
    }

    @Test("a reload that puts two outputs that are on into one interlock turns both off")
    func reloadGroupsTwoOutputsOn() throws {
        let apart = """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              forward: { chip: main, line: GPIO17 }
            outputs:
              pump_a: { chip: main, line: GPIO5, command: true }
              pump_b: { chip: main, line: GPIO6, command: true }
            """
        let harness = try Self.harness(apart, blinds: nil)
        harness.engine.setOutput("pump_a", .on)
        harness.engine.setOutput("pump_b", .on)
        #expect(harness.level("GPIO5") == true && harness.level("GPIO6") == true)
        let grouped = apart + "\ninterlocks:\n  pumps: { outputs: [pump_a, pump_b], wait: 300ms }\n"
        let next = Engine(configuration: try ConfigLoader.parse(grouped, file: "interlocks.yaml"),
                          backend: harness.simulated, loop: harness.loop)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(harness.level("GPIO5") == false)
        #expect(harness.level("GPIO6") == false)
        // Each stays off until asked again; then the wait applies.
        #expect(next.setOutput("pump_a", .on) == false)
        next.setOutput("pump_a", .off)
        next.setOutput("pump_a", .on)
        harness.advance(by: .milliseconds(299))
        #expect(harness.level("GPIO5") == false, "pump_b went off at the reload: the wait counts from then")
        harness.advance(by: .milliseconds(1))
        #expect(harness.level("GPIO5") == true)
        next.stop()
    }
}

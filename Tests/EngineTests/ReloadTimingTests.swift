import Config
import Engine
import Testing

/// A reload of unchanged declarations: timed state goes on where it was (delays, pulses,
/// `max_on`, a `within` attempt) instead of starting again.
@Suite("Reloading keeps time")
struct ReloadTimingTests {
    static let text = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          a: { chip: main, line: GPIO17 }
          b: { chip: main, line: GPIO27 }
        signals:
          held: { any: [a], off_delay: 10s }
          slow: { any: [b], on_delay: 5s }
          hands: { all: [a, b], within: 500ms }
        outputs:
          light: { chip: main, line: GPIO5, follows: held }
          fan: { chip: main, line: GPIO6, follows: slow }
          bell: { chip: main, line: GPIO13, follows: a, pulse: 4s }
          pump: { chip: main, line: GPIO19, follows: b, max_on: 20s }
          press: { chip: main, line: GPIO26, follows: hands }
        """

    /// Replaces `previous` (the harness's engine unless given) with an engine of
    /// `text`, and returns it.
    static func reload(_ harness: EngineHarness, from previous: Engine? = nil, to text: String) throws -> Engine {
        let next = Engine(configuration: try ConfigLoader.parse(text, file: "gpioagg.yaml"),
                          backend: harness.simulated, loop: harness.loop)
        try next.start(replacing: previous ?? harness.engine)
        harness.loop.run()
        return next
    }

    @Test("an off_delay, a pulse and a max_on under way end when they would have; an on_delay already passed stays passed")
    func timersGoOn() throws {
        let harness = EngineHarness(try ConfigLoader.parse(Self.text, file: "gpioagg.yaml"))
        try harness.start()
        harness.set("GPIO27", true)             // b: fan after 5 s, pump for 20 s
        harness.advance(by: .seconds(6))
        harness.set("GPIO17", true)             // a: light, bell for 4 s
        harness.set("GPIO17", false)            // light off 10 s from now
        harness.advance(by: .seconds(2))
        #expect(harness.snapshot.outputs == ["light": true, "fan": true, "bell": true, "pump": true, "press": false])
        harness.chip.clearWrites()
        // The same declarations, moved down a line.
        let next = try Self.reload(harness, to: Self.text.replacingOccurrences(of: "chips:", with: "\nchips:"))
        #expect(harness.chip.writes.isEmpty, "writes: \(harness.chip.writes)")
        harness.advance(by: .milliseconds(1_999))
        #expect(next.snapshot().outputs["bell"] == true)
        harness.advance(by: .milliseconds(1))
        #expect(next.snapshot().outputs["bell"] == false, "the pulse ends 4 s after it began, not after the reload")
        harness.advance(by: .seconds(5))
        #expect(next.snapshot().outputs["light"] == true)
        harness.advance(by: .seconds(1))
        #expect(next.snapshot().outputs["light"] == false, "the off_delay ends 10 s after a went off")
        harness.advance(by: .seconds(3))
        #expect(next.snapshot().outputs["pump"] == true)
        harness.advance(by: .seconds(1))
        #expect(next.snapshot().outputs["pump"] == false, "max_on: 20 s from when b went on")
        #expect(next.snapshot().outputs["fan"] == true)
        #expect(harness.writes("GPIO6").isEmpty, "the on_delay did not start again")
        next.stop()
    }

    @Test("a max_on that was reached holds its output off across a reload, until what it follows goes off")
    func maxOnReached() throws {
        let harness = EngineHarness(try ConfigLoader.parse(Self.text, file: "gpioagg.yaml"))
        try harness.start()
        harness.set("GPIO27", true)
        harness.advance(by: .seconds(21))
        #expect(harness.snapshot.outputs["pump"] == false)
        harness.chip.clearWrites()
        let next = try Self.reload(harness, to: Self.text)
        #expect(harness.writes("GPIO19").isEmpty)
        harness.set("GPIO27", false)
        harness.set("GPIO27", true)
        #expect(next.snapshot().outputs["pump"] == true)
        next.stop()
    }

    @Test("a two-hand start that is on stays on across a reload; a changed one waits for both hands off")
    func within() throws {
        let harness = EngineHarness(try ConfigLoader.parse(Self.text, file: "gpioagg.yaml"))
        try harness.start()
        harness.set("GPIO17", true)
        harness.set("GPIO27", true)
        #expect(harness.snapshot.outputs["press"] == true)
        let next = try Self.reload(harness, to: Self.text)
        #expect(next.snapshot().outputs["press"] == true)
        let changed = try Self.reload(
            harness, from: next,
            to: Self.text.replacingOccurrences(of: "within: 500ms", with: "within: 400ms"))
        #expect(changed.snapshot().outputs["press"] == false)
        changed.stop()
    }
}

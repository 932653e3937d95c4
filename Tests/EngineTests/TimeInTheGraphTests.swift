import Config
import Engine
import GPIO
import GPIOSimulated
import Testing

/// Delays, gestures, latches, two-hand windows, output pulses, on-time limits and
/// interlocks, on the loop's twin: every step a test takes is virtual time.
@Suite("Time in the signal graph")
struct TimeInTheGraphTests {
    /// Inputs a..d on GPIO2..GPIO5, no debounce; outputs x, y on GPIO20, GPIO21.
    static func harness(signals: String, outputs: String = "", interlocks: String = "") throws -> EngineHarness {
        let text = """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              a: { chip: main, line: GPIO2 }
              b: { chip: main, line: GPIO3 }
              c: { chip: main, line: GPIO4 }
              d: { chip: main, line: GPIO5 }
            signals:
            \(signals)
            """ + (outputs.isEmpty ? "" : "\noutputs:\n" + outputs) + (interlocks.isEmpty ? "" : "\ninterlocks:\n" + interlocks)
        let harness = EngineHarness(try ConfigLoader.parse(text, file: "time.yaml"))
        try harness.start()
        return harness
    }

    static let line = ["a": "GPIO2", "b": "GPIO3", "c": "GPIO4", "d": "GPIO5"]

    /// Holds `input` for `length`, then releases it, then lets `after` pass.
    static func press(_ harness: EngineHarness, _ input: String, for length: Duration, then after: Duration = .zero) {
        harness.set(line[input]!, true)
        harness.advance(by: length)
        harness.set(line[input]!, false)
        harness.advance(by: after)
    }

    @Test("off_delay: on at once, off only once the expression has been off for the whole delay; back on cancels it")
    func offDelay() throws {
        let harness = try Self.harness(signals: "  light: { any: [a, b], off_delay: 2s }")
        harness.set("GPIO2", true)
        #expect(harness.signal("light") == true)
        harness.set("GPIO2", false)
        harness.advance(by: .milliseconds(1_999))
        #expect(harness.signal("light") == true)
        harness.advance(by: .milliseconds(1))
        #expect(harness.signal("light") == false)
        // Off again within the delay, then on: the delay starts over at the next off.
        harness.set("GPIO3", true)
        harness.set("GPIO3", false)
        harness.advance(by: .seconds(1))
        harness.set("GPIO2", true)
        harness.advance(by: .seconds(5))
        #expect(harness.signal("light") == true)
        harness.set("GPIO2", false)
        harness.advance(by: .milliseconds(1_999))
        #expect(harness.signal("light") == true)
        harness.advance(by: .milliseconds(1))
        #expect(harness.signal("light") == false)
        #expect(harness.changes(of: .signal, "light") == [true, false, true, false])
        #expect(harness.loop.nextDeadline == nil, "no timer is left while idle")
    }

    @Test("on_delay: on once held for the whole delay, off at once on release; a short hold never turns it on")
    func onDelay() throws {
        let harness = try Self.harness(signals: "  long_press: { all: [a], on_delay: 2s }")
        Self.press(harness, "a", for: .milliseconds(1_999), then: .seconds(5))
        #expect(harness.changes(of: .signal, "long_press") == [])
        harness.set("GPIO2", true)
        harness.advance(by: .seconds(2))
        #expect(harness.signal("long_press") == true)
        harness.set("GPIO2", false)
        #expect(harness.signal("long_press") == false)
        let change = try #require(harness.changes.first { $0.name == "long_press" && $0.value.isOn })
        #expect(change.timestamp == 5_000_000_000 + 1_999_000_000 + 2_000_000_000, "timed from the press, not the read")
    }

    @Test("both delays on one signal; an expression true at start waits for its on_delay from the start")
    func bothDelaysAndStart() throws {
        var text = "  s: { not: a, on_delay: 1s, off_delay: 3s }"
        let harness = try Self.harness(signals: text)  // a is off: s's expression is true at start
        #expect(harness.signal("s") == false)
        harness.advance(by: .seconds(1))
        #expect(harness.signal("s") == true)
        harness.set("GPIO2", true)
        harness.advance(by: .seconds(2))
        #expect(harness.signal("s") == true)
        harness.set("GPIO2", false)  // back within the off-delay: stays on
        harness.advance(by: .seconds(10))
        #expect(harness.signal("s") == true)
        harness.set("GPIO2", true)
        harness.advance(by: .seconds(3))
        #expect(harness.signal("s") == false)
        text = ""
    }

    @Test("click: a press from min to max, then the gap, activates once; too short, too long, or one press too many does not")
    func click() throws {
        let harness = try Self.harness(signals: """
              click: { click: a }
              double: { click: a, count: 2 }
              light: { toggle: click }
              lamp: { toggle: double }
            """)
        Self.press(harness, "a", for: .milliseconds(100))
        harness.advance(by: .milliseconds(299))
        #expect(harness.signal("light") == false, "the gap has not passed: a second press may follow")
        harness.advance(by: .milliseconds(1))
        #expect(harness.signal("light") == true)
        #expect(harness.signal("click") == false, "a momentary signal never holds on")
        let activation = try #require(harness.changes.first { $0.name == "click" })
        #expect(activation.isActivation && activation.description == "signal click activated")

        Self.press(harness, "a", for: .milliseconds(20), then: .seconds(1))    // too short
        Self.press(harness, "a", for: .milliseconds(400), then: .seconds(1))   // too long
        #expect(harness.signal("light") == true)

        // A double click: not a click, and the double fires once.
        Self.press(harness, "a", for: .milliseconds(80), then: .milliseconds(150))
        Self.press(harness, "a", for: .milliseconds(80), then: .seconds(1))
        #expect(harness.signal("light") == true)
        #expect(harness.signal("lamp") == true)
        // A triple is neither.
        for _ in 0..<3 { Self.press(harness, "a", for: .milliseconds(80), then: .milliseconds(150)) }
        harness.advance(by: .seconds(1))
        #expect(harness.signal("light") == true && harness.signal("lamp") == true)
        // Presses too far apart are two clicks.
        Self.press(harness, "a", for: .milliseconds(80), then: .milliseconds(400))
        Self.press(harness, "a", for: .milliseconds(80), then: .seconds(1))
        #expect(harness.signal("light") == true, "flipped twice")
        #expect(harness.changes.filter { $0.name == "click" }.count == 3)
        #expect(harness.changes.filter { $0.name == "double" }.count == 1)
        #expect(harness.loop.nextDeadline == nil)
    }

    @Test("click: lost events during the gesture cancel it, and a button held at start is not a press")
    func clickLostEvents() throws {
        let harness = try Self.harness(signals: "  click: { click: a }\n  light: { toggle: click }")
        harness.set("GPIO2", true)
        harness.advance(by: .milliseconds(40))
        // A burst that overflows the event buffer while pressed: the kernel drops events.
        for _ in 0..<300 { harness.chip.toggle(.name("GPIO2")) }
        harness.loop.run()
        #expect(harness.engine.statistics.lostEventGaps >= 1)
        harness.advance(by: .milliseconds(60))
        harness.set("GPIO2", false)
        harness.advance(by: .seconds(1))
        #expect(harness.changes.filter { $0.name == "click" }.isEmpty, "never a gesture built on lost events")
        // The next one counts.
        Self.press(harness, "a", for: .milliseconds(100), then: .seconds(1))
        #expect(harness.signal("light") == true)
    }

    @Test("toggle with reset, and latch: reset wins while it is on; a latch follows levels")
    func toggleResetAndLatch() throws {
        let harness = try Self.harness(signals: """
              light: { toggle: a, reset: b }
              motor: { latch: { set: c, reset: d } }
            """)
        harness.set("GPIO2", true)
        harness.set("GPIO2", false)
        #expect(harness.signal("light") == true)
        harness.set("GPIO3", true)
        #expect(harness.signal("light") == false)
        harness.set("GPIO2", true)   // ignored while reset is on
        harness.set("GPIO2", false)
        #expect(harness.signal("light") == false)
        harness.set("GPIO3", false)
        harness.set("GPIO2", true)
        #expect(harness.signal("light") == true)

        harness.set("GPIO4", true)
        #expect(harness.signal("motor") == true)
        harness.set("GPIO4", false)
        #expect(harness.signal("motor") == true, "latched")
        harness.set("GPIO5", true)
        #expect(harness.signal("motor") == false)
        harness.set("GPIO4", true)   // start while the guard is open: reset wins
        #expect(harness.signal("motor") == false)
        harness.set("GPIO5", false)
        #expect(harness.signal("motor") == true, "start still held once the guard closes: on")
        harness.set("GPIO4", false)
        #expect(harness.signal("motor") == true, "latched")
        harness.set("GPIO5", true)
        harness.set("GPIO5", false)
        #expect(harness.signal("motor") == false, "reset with start released: off")
    }

    @Test("all with within: both within the window turns on; late fails until both are released")
    func twoHand() throws {
        let harness = try Self.harness(signals: "  two_hand: { all: [a, b], within: 500ms }")
        harness.set("GPIO2", true)
        harness.advance(by: .milliseconds(500))
        harness.set("GPIO3", true)
        #expect(harness.signal("two_hand") == true)
        harness.set("GPIO2", false)
        #expect(harness.signal("two_hand") == false)
        harness.set("GPIO2", true)   // not re-armed: b was never released
        #expect(harness.signal("two_hand") == false)
        harness.set("GPIO2", false)
        harness.set("GPIO3", false)
        // Too late.
        harness.set("GPIO2", true)
        harness.advance(by: .milliseconds(501))
        harness.set("GPIO3", true)
        #expect(harness.signal("two_hand") == false)
        harness.set("GPIO3", false)
        harness.set("GPIO3", true)   // still not armed: a stayed on
        #expect(harness.signal("two_hand") == false)
    }

    @Test("an output with pulse: each activation turns it on for the pulse; one during the pulse starts it again")
    func outputPulse() throws {
        let harness = try Self.harness(signals: "  ring: { click: a }",
                                       outputs: "  buzzer: { chip: main, line: GPIO20, follows: ring, pulse: 500ms }")
        Self.press(harness, "a", for: .milliseconds(100), then: .milliseconds(300))
        #expect(harness.output("buzzer") == true)
        Self.press(harness, "a", for: .milliseconds(100), then: .milliseconds(300))  // restarts at its activation
        harness.advance(by: .milliseconds(499))
        #expect(harness.output("buzzer") == true)
        harness.advance(by: .milliseconds(1))
        #expect(harness.output("buzzer") == false)
        #expect(harness.writes("GPIO20") == [false, true, false], "the initial value, then one pulse")
    }

    @Test("an output with max_on turns off after the limit and stays off until what it follows has been off")
    func maxOn() throws {
        let harness = try Self.harness(signals: "  want: { any: [a] }",
                                       outputs: "  pump: { chip: main, line: GPIO20, follows: want, max_on: 10s }")
        harness.set("GPIO2", true)
        harness.advance(by: .milliseconds(9_999))
        #expect(harness.output("pump") == true)
        harness.advance(by: .milliseconds(1))
        #expect(harness.output("pump") == false)
        harness.advance(by: .seconds(60))
        #expect(harness.output("pump") == false)
        harness.set("GPIO2", false)
        harness.set("GPIO2", true)
        #expect(harness.output("pump") == true)
        harness.set("GPIO2", false)
        #expect(harness.output("pump") == false)
        #expect(harness.loop.nextDeadline == nil)
    }

    @Test("an interlock: the other turns off first, the new one on after wait; two at the same instant both stay off")
    func interlock() throws {
        let harness = try Self.harness(signals: "  up_wanted: { any: [a] }\n  down_wanted: { any: [b] }\n  both: { any: [c] }",
                                       outputs: """
                                         up: { chip: main, line: GPIO20, follows: up_wanted }
                                         down: { chip: main, line: GPIO21, follows: down_wanted }
                                       """,
                                       interlocks: "  blinds: { outputs: [up, down], wait: 500ms }")
        harness.set("GPIO2", true)
        #expect(harness.output("up") == true)
        harness.set("GPIO3", true)
        #expect(harness.output("up") == false)
        #expect(harness.output("down") == false)
        harness.advance(by: .milliseconds(499))
        #expect(harness.output("down") == false)
        harness.advance(by: .milliseconds(1))
        #expect(harness.output("down") == true)
        // up stays off though up_wanted is still on: it asks again by going off and on.
        #expect(harness.signal("up_wanted") == true && harness.output("up") == false)
        harness.set("GPIO3", false)
        #expect(harness.output("down") == false)
        #expect(harness.writes("GPIO20") == [false, true, false])
        #expect(harness.writes("GPIO21") == [false, true, false])
    }

    @Test("an interlock: two outputs asked at the same instant both stay off, and the error names them")
    func interlockSameInstant() throws {
        let harness = try Self.harness(signals: "  wanted: { any: [a] }",
                                       outputs: """
                                         up: { chip: main, line: GPIO20, follows: wanted }
                                         down: { chip: main, line: GPIO21, follows: wanted }
                                       """,
                                       interlocks: "  blinds: { outputs: [up, down] }")
        harness.set("GPIO2", true)
        #expect(harness.output("up") == false && harness.output("down") == false)
        #expect(harness.log.contains {
            $0.contains("interlock 'blinds': 'up' and 'down' were asked to turn on at the same instant")
        }, "\(harness.log)")
        #expect(harness.writes("GPIO20") == [false] && harness.writes("GPIO21") == [false], "only the initial values")
    }
}

@Suite("Why a value")
struct WhyTests {
    @Test("why names the chain down to the inputs, how long each has had its value, and what is pending")
    func explain() throws {
        let harness = try TimeInTheGraphTests.harness(
            signals: "  light_on: { any: [a, b], off_delay: 120s }\n  click: { click: c }",
            outputs: """
              light_relay: { chip: main, line: GPIO20, follows: light_on, max_on: 3600s }
              buzzer: { chip: main, line: GPIO21, follows: click, pulse: 500ms }
            """)
        harness.set("GPIO2", true)
        harness.advance(by: .seconds(60))
        harness.set("GPIO2", false)
        harness.advance(by: .seconds(48))
        #expect(harness.engine.explain("light_relay") == [
            "light_relay on: output on main GPIO20, follows light_on; on for 1m48s; max_on turns it off in 58m12s",
            "  light_on on: signal any: [a, b], off_delay: 2m; on for 1m48s; off_delay: off in 1m12s",
            "    a off: input on main GPIO2; off for 48s",
            "    b off: input on main GPIO3; off since start",
        ])
        TimeInTheGraphTests.press(harness, "c", for: .milliseconds(100))
        #expect(harness.engine.explain("click")?.first
            == "click off: signal click: c; not activated since start; 1 of 1 press done, waiting for the gap")
        harness.advance(by: .milliseconds(400))
        #expect(harness.engine.explain("buzzer") == [
            "buzzer on: output on main GPIO21, follows click; on for 100ms; pulse ends in 400ms",
            "  click off: signal click: c; last activated 100ms ago; idle",
            "    c off: input on main GPIO4; off for 400ms",
        ])
        #expect(harness.engine.explain("nothing") == nil)
    }
}

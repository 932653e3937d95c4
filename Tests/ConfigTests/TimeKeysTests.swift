import Config
import Testing

/// The config keys that bring time into the graph: what they read as, and what `check`
/// refuses, each at its place.
@Suite("Config: delays, gestures, latches, pulses, interlocks")
struct TimeKeysTests {
    static let head = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          motion: { chip: main, line: GPIO2 }
          button: { chip: main, line: GPIO3 }
          guard_open: { chip: main, line: GPIO4 }

        """   // lines 1-6

    @Test("every key of the time forms reads into the model")
    func reads() throws {
        let configuration = try ConfigFixture.parse(Self.head + """
            signals:
              light_on: { any: [motion], off_delay: 2s, on_delay: 100ms }
              long_press: { all: [button], on_delay: 2s }
              click: { click: button }
              double: { click: button, count: 2, min: 30ms, max: 400ms, gap: 250ms }
              light: { toggle: click, reset: long_press, persist: true }
              motor_run: { latch: { set: double, reset: guard_open }, persist: on }
              two_hand: { all: [motion, button], within: 500ms }
            outputs:
              buzzer: { chip: main, line: GPIO6, follows: click, pulse: 500ms }
              pump: { chip: main, line: GPIO7, follows: two_hand, max_on: 10s }
              lamp: { chip: main, line: GPIO8, follows: light, initial: restore }
            interlocks:
              pair: { outputs: [pump, lamp], wait: 500ms }
            """)
        let signals = Dictionary(uniqueKeysWithValues: configuration.signals.map { ($0.name, $0) })
        #expect(signals["light_on"]?.offDelay == .seconds(2) && signals["light_on"]?.onDelay == .milliseconds(100))
        #expect(signals["click"]?.expression == .click("button", ClickGesture()))
        #expect(signals["double"]?.expression == .click("button", ClickGesture(
            count: 2, minPress: .milliseconds(30), maxPress: .milliseconds(400), gap: .milliseconds(250))))
        #expect(signals["light"]?.expression == .toggle("click", reset: "long_press"))
        #expect(signals["light"]?.persist == true && signals["motor_run"]?.persist == true)
        #expect(signals["motor_run"]?.expression == .latch(set: "double", reset: "guard_open"))
        #expect(signals["two_hand"]?.expression == .allWithin(["motion", "button"], within: .milliseconds(500)))
        let outputs = Dictionary(uniqueKeysWithValues: configuration.outputs.map { ($0.name, $0) })
        #expect(outputs["buzzer"]?.pulse == .milliseconds(500))
        #expect(outputs["pump"]?.maxOn == .seconds(10))
        #expect(outputs["lamp"]?.restore == true)
        #expect(configuration.interlocks == [InterlockDeclaration(
            name: "pair", outputs: ["pump", "lamp"], wait: .milliseconds(500),
            location: SourceLocation(file: "test.yaml", line: 20, column: 3))])
        #expect(ConfigText.signal(signals["double"]!) == "click: button, count: 2, min: 30ms, max: 400ms, gap: 250ms")
        #expect(ConfigText.signal(signals["light_on"]!) == "any: [motion], on_delay: 100ms, off_delay: 2s")
    }

    /// One broken line 8 (after `signals:` on line 7) or output line 9; the error expected.
    static let rejected: [(String, Int, Int, String, String)] = [
        ("signals:\n  s: { any: [motion], within: 500ms }\n", 8, 23,
         "within: does not apply to any: in signal 's'", "within: goes with all:"),
        ("signals:\n  s: { click: button, on_delay: 1s }\n", 8, 23,
         "on_delay: does not apply to click: in signal 's'", "click: is momentary"),
        ("signals:\n  s: { not: motion, persist: true }\n", 8, 21,
         "persist: does not apply to not: in signal 's'", "persist: goes with toggle: or latch:"),
        ("signals:\n  s: { any: [motion], off_delay: 0 }\n", 8, 34, "off_delay: in signal 's' is zero", ""),
        ("signals:\n  s: { any: [motion], off_delay: 2d }\n", 8, 34, "'2d' is not a duration", ""),
        ("signals:\n  s: { click: button, count: 0 }\n", 8, 30, "count 0 in signal 's' is outside 1 to 10", ""),
        ("signals:\n  s: { click: button, min: 400ms }\n", 8, 3,
         "signal 's': min: 400ms is not shorter than max: 350ms", ""),
        ("signals:\n  c: { click: button }\n  s: { all: [c, motion] }\n", 9, 14,
         "'c' is momentary (on for an instant) and signal 's' needs a level here", "read it with toggle:"),
        ("signals:\n  c: { click: button }\n  s: { sample: { value: c, on: motion } }\n", 9, 25,
         "'c' is momentary", ""),
        ("signals:\n  s: { latch: { set: button } }\n", 8, 15, "latch: in signal 's' needs reset:", ""),
        ("signals:\n  c: { click: button }\noutputs:\n  o: { chip: main, line: GPIO9, follows: c }\n", 10, 42,
         "'c' is momentary (on for an instant): output 'o' would never show it", "give the output pulse:"),
        ("outputs:\n  o: { chip: main, line: GPIO9, follows: motion, pulse: 0 }\n", 8, 57,
         "pulse: 0 in output 'o' is shorter than 1ms", ""),
        ("outputs:\n  o: { chip: main, line: GPIO9, follows: motion }\ninterlocks:\n  i: { outputs: [o, p] }\n", 10, 21,
         "unknown output 'p' in interlock 'i'", ""),
        ("outputs:\n  o: { chip: main, line: GPIO9, follows: motion }\ninterlocks:\n  i: { outputs: [o] }\n", 10, 17,
         "interlock 'i' needs at least two outputs", ""),
        ("outputs:\n  o: { chip: main, line: GPIO9, follows: motion }\ninterlocks:\n  i: { outputs: [o, motion] }\n", 10, 21,
         "'motion' in interlock 'i' is an input; an interlock groups outputs", ""),
        ("outputs:\n  o: { chip: main, line: GPIO9, follows: motion }\n  p: { chip: main, line: GPIO10, follows: motion }\n"
            + "interlocks:\n  i: { outputs: [o, p] }\n  j: { outputs: [p, o] }\n", 12, 18,
         "output 'p' is already in interlock 'i'", ""),
        ("outputs:\n  o: { chip: main, line: GPIO9, follows: motion, safe: on }\n"
            + "  p: { chip: main, line: GPIO10, follows: motion, safe: on }\ninterlocks:\n  i: { outputs: [o, p] }\n", 11, 21,
         "'o' and 'p' in interlock 'i' both have safe: on; they would be on together at stop",
         "give at most one output of an interlock safe: on"),
        ("outputs:\n  o: { chip: main, line: GPIO9, command: true, initial: on }\n"
            + "  p: { chip: main, line: GPIO10, command: true, initial: on }\ninterlocks:\n  i: { outputs: [o, p] }\n", 11, 21,
         "'o' and 'p' in interlock 'i' both have initial: on; they would be on together at start", ""),
    ]

    @Test("misuse is refused at its place, with a hint", arguments: 0..<rejected.count)
    func refused(_ index: Int) {
        let (tail, line, column, message, hint) = Self.rejected[index]
        ConfigFixture.expectRefused(Self.head + tail, at: line, column, message, hint: hint)
    }
}

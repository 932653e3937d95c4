import Config
import Testing
import Values

@Suite("Config: counters and rates")
struct CounterConfigTests {
    /// Lines 1-6: `chips`, a reed contact `meter`, an S0 output `s0`, a temperature.
    static let inputs = ConfigFixture.chips + """
        inputs:
          meter: { chip: main, line: 17 }
          s0: { chip: main, line: 27 }
          t_north: { command: true, type: number, unit: "°C" }

        """

    @Test("count: and rate: read into their expressions; a counter is a total_increasing sensor, a rate a measurement")
    func forms() throws {
        let configuration = try ConfigFixture.parse(Self.inputs + """
            signals:
              water:  { count: meter, multiply: 1, unit: L, device_class: water, reset: true }
              flow:   { rate: water, per: 1m, unit: L/min }
              energy: { count: s0, multiply: 0.001, unit: kWh, device_class: energy, state_class: total }
              power:  { rate: energy, per: 1h, timeout: 10m }
              pulses: { count: meter }
              per_s:  { rate: pulses }
              press:  { click: meter, count: 2 }

            """)
        let byName = Dictionary(uniqueKeysWithValues: configuration.signals.map { ($0.name, $0) })
        #expect(byName["water"]?.expression == .count("meter", CounterDeclaration(multiply: 1, reset: true)))
        #expect(byName["water"]?.number == NumberDeclaration(unit: "L", stateClass: .totalIncreasing))
        #expect(byName["water"]?.deviceClass == "water")
        #expect(byName["flow"]?.expression == .rate("water", RateDeclaration(per: .seconds(60))))
        #expect(byName["flow"]?.number == NumberDeclaration(unit: "L/min", stateClass: .measurement))
        #expect(byName["energy"]?.expression == .count("s0", CounterDeclaration(multiply: 0.001)))
        #expect(byName["energy"]?.number?.stateClass == .total, "a state_class written is kept")
        #expect(byName["power"]?.expression == .rate("energy", RateDeclaration(per: .seconds(3600), timeout: .seconds(600))))
        #expect(byName["power"]?.number?.unit == "kW", "kWh per hour is kW")
        #expect(byName["pulses"]?.number?.unit == MeasurementUnit.none)
        #expect(byName["per_s"]?.expression == .rate("pulses", RateDeclaration()), "per: is a second by default")
        #expect(byName["press"]?.expression == .click("meter", ClickGesture(count: 2)), "count: beside click: is presses")
        #expect(ConfigText.signal(try #require(byName["power"])).hasPrefix("rate: energy, per: 1h, timeout: 10m"))
    }

    @Test("window: makes a rate what the last window added; check shows it")
    func window() throws {
        let configuration = try ConfigFixture.parse(Self.inputs + """
            signals:
              turns: { count: meter }
              wind:  { rate: turns, per: 1s, window: 10s }
              rain:  { rate: turns, per: 1h, window: 1h }

            """)
        let byName = Dictionary(uniqueKeysWithValues: configuration.signals.map { ($0.name, $0) })
        #expect(byName["wind"]?.expression == .rate("turns", RateDeclaration(per: .seconds(1), window: .seconds(10))))
        #expect(byName["rain"]?.expression == .rate("turns", RateDeclaration(per: .seconds(3600), window: .seconds(3600))),
                "a window as long as per: is taken")
        #expect(ConfigText.signal(try #require(byName["wind"])).hasPrefix("rate: turns, per: 1s, window: 10s"))
    }

    @Test("persist: true keeps a counter's total, written at most once per persist_every: (1s unless written)")
    func keptTotal() throws {
        let configuration = try ConfigFixture.parse(Self.inputs + """
            signals:
              water:  { count: meter, unit: L, persist: true }
              energy: { count: s0, multiply: 0.001, unit: kWh, persist: true, persist_every: 30s }
              pulses: { count: meter }

            """)
        let byName = Dictionary(uniqueKeysWithValues: configuration.signals.map { ($0.name, $0) })
        #expect(byName["water"]?.persist == true)
        #expect(byName["water"]?.expression == .count("meter", CounterDeclaration(persistEvery: .seconds(1))))
        #expect(byName["energy"]?.expression == .count("s0", CounterDeclaration(multiply: 0.001, persistEvery: .seconds(30))))
        #expect(byName["pulses"]?.persist == false)
        #expect(ConfigText.signal(try #require(byName["energy"])).contains("persist: true, persist_every: 30s"))
    }

    @Test("a remote input may not follow a counter's command topic, which sets its total")
    func ownCommandTopic() {
        ConfigFixture.expectRefused("""
            mqtt: { broker: mqtt://127.0.0.1, node: garage }
            inputs:
              meter: { command: true }
              echo: { topic: gpioagg/garage/water/set }
            signals:
              water: { count: meter }

            """, at: 4, 18, "topic: 'gpioagg/garage/water/set' of input 'echo' is the command topic of this node's counter 'water'",
            hint: "")
    }

    static let refused: [(String, Int, Int, String, String)] = [
        ("signals:\n  w: { count: meter, multiply: 0 }\n", 8, 32,
         "multiply: 0 in signal 'w' is not more than 0", "what one pulse adds to the total"),
        ("signals:\n  w: { count: t_north }\n", 8, 15,
         "'t_north' in count: of signal 'w' is a number (input 't_north', °C), and count: takes levels", ""),
        ("signals:\n  f: { rate: meter }\n", 8, 14,
         "'meter' in rate: of signal 'f' is a level (input 'meter'), and rate: takes numbers", ""),
        ("signals:\n  w: { count: meter, unit: L }\n  f: { rate: w, per: 1m, unit: L/h }\n", 9, 32,
         "unit: L/h of signal 'f' is not 'w' (L) per 1m, which is L/min", "write unit: L/min, or change per:"),
        ("signals:\n  e: { count: s0, unit: kWh }\n  p: { rate: e, per: 1m, unit: kW }\n", 9, 32,
         "unit: kW of signal 'p' is not 'e' (kWh) per 1m, which is kWh/min", ""),
        ("signals:\n  w: { count: meter, unit: l, device_class: water }\n", 8, 28,
         "signal 'w' is a total of water in l, a unit Home Assistant's energy dashboard does not take for water",
         "write unit: L, unit: m³"),
        ("signals:\n  e: { count: s0, device_class: energy }\n", 8, 33,
         "signal 'e' is a total of energy in no unit", "unit: kWh"),
        ("signals:\n  w: { count: meter, state_class: measurement }\n", 8, 35,
         "state_class: measurement of signal 'w' is not a total", "state_class: total_increasing (the default)"),
        ("signals:\n  w: { count: meter, persist_every: 1s }\n", 8, 22,
         "persist_every: in signal 'w' keeps nothing without persist: true", "add persist: true"),
        ("signals:\n  w: { count: meter, persist: true, persist_every: 50ms }\n", 8, 52,
         "persist_every: 50ms in signal 'w' is shorter than 100ms", "each write wears flash"),
        ("signals:\n  f: { rate: t_north, persist: true }\n", 8, 23,
         "persist: does not apply to rate: in signal 'f'", "persist: goes with toggle: or latch: or count:"),
        ("signals:\n  f: { rate: t_north, per: 0s }\n", 8, 28, "per: in signal 'f' is zero", ""),
        ("signals:\n  f: { rate: t_north, per: 1m, window: 30s }\n", 8, 40,
         "window: 30s in signal 'f' is shorter than per: 1m", "write window: 1m or longer, e.g. window: 10m, or a shorter per:"),
        ("signals:\n  f: { rate: t_north, window: 10s, timeout: 1m }\n", 8, 36,
         "timeout: in signal 'f' does not apply with window:", "leave timeout: out"),
        ("signals:\n  f: { rate: t_north, window: 0s }\n", 8, 31, "window: in signal 'f' is zero", ""),
        ("signals:\n  w: { count: meter, window: 10s }\n", 8, 22,
         "window: does not apply to count: in signal 'w'", "window: goes with rate:"),
        ("signals:\n  f: { rate: t_north, multiply: 2 }\n", 8, 23,
         "multiply: does not apply to rate: in signal 'f'", "multiply: goes with count:"),
        ("signals:\n  w: { count: meter, reset: maybe }\n", 8, 29, "unknown value 'maybe' for reset: in signal 'w'", ""),
        ("signals:\n  w: { count: meter, reset: true }\n  w_reset: { not: meter }\n", 9, 3,
         "'w_reset' has the Home Assistant id of the reset button of counter 'w' (reset: true)", "rename 'w_reset'"),
        ("signals:\n  w: { count: metre }\n", 8, 15, "unknown name 'metre' in signal 'w'", "did you mean 'meter'"),
    ]

    @Test("mistakes are refused at their place, with the fix", arguments: 0..<refused.count)
    func refusal(_ index: Int) {
        let (tail, line, column, message, hint) = Self.refused[index]
        ConfigFixture.expectRefused(Self.inputs + tail, at: line, column, message, hint: hint)
    }
}

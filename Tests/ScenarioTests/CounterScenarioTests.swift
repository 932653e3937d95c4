import Config
import Scenario
import Testing

/// A water meter, a reed contact that closes once per litre, as the issue writes it.
enum CounterFixtures {
    static let fixture = ScenarioFixture("water", config: """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              meter: { chip: main, line: GPIO17 }
              s0: { chip: main, line: GPIO27 }
              tank: { command: true, type: number, unit: L }
            signals:
              water:     { count: meter, multiply: 1, unit: L, device_class: water, state_class: total_increasing }
              flow:      { rate: water, per: 1m, unit: L/min }
              flowing:   { threshold: flow, above: 0.1 }
              energy:    { count: s0, multiply: 0.001, unit: kWh, precision: 3 }
              power:     { rate: energy, per: 1h, timeout: 10m, precision: 3 }
              filling:   { rate: tank, per: 1m }

            """)
}

@Suite("Counters and rates in test files")
struct CounterScenarioTests {
    @Test("the issue's test: 120 presses every 2 s are 120 L at 30 L/min, and no flow 5 minutes later")
    func issueExample() throws {
        let result = try CounterFixtures.fixture.run([
            "pulses: { meter: { count: 120, every: 2s } }",
            "expect: { water: 120, flow: { near: 30, within: 0.5 }, flowing: on }",
            "wait: 5m",
            "expect: { flow: 0, flowing: off, water: 120 }",
        ])
        #expect(result.failures == [])
        #expect(result.error == nil)
        #expect(result.passed == 6)
        #expect(result.elapsed == .seconds(239 + 300), "the step ends with the last release")
    }

    @Test("set: gives a counter its new total, as gpioagg set does: counting goes on from it; below 0 fails the step")
    func setTotal() throws {
        let result = try CounterFixtures.fixture.run([
            "set: { water: 12345 }",
            "expect: { water: 12345, flow: 0 }",
            "pulses: { meter: { count: 2, every: 2s } }",
            "expect: { water: 12347 }",
            "set: { water: -3 }",
            "expect: { water: 12347 }",
        ])
        #expect(result.failures.map(\.message) == ["set: water refused at 3s: -3.00 is below 0, and 'water' is a total: 0 or more"])
        #expect(result.passed == 4)
    }

    @Test("multiply: weighs each pulse; the rate of kWh per hour is kW, from the time between pulses")
    func multiplied() throws {
        let result = try CounterFixtures.fixture.run([
            "pulses: { s0: { count: 1000, every: 3600ms, length: 100ms } }",
            "expect: { energy: 1, power: 1 }",
            "wait: 5m",
            "expect: { power: 0.012 }",
            "wait: 5m",
            "expect: { power: 0, energy: 1 }",
        ])
        #expect(result.failures == [])
        #expect(result.passed == 5)
    }

    @Test("the rate holds until a pulse is overdue, then is a litre over the time since the last pulse, and 0 after the timeout")
    func decay() throws {
        let result = try CounterFixtures.fixture.run([
            "pulses: { meter: { count: 3, every: 6s } }",   // at 0, 6 and 12 s; the step ends at 15 s
            "expect: { flow: 10 }",           // one litre in 6 s
            "wait: 4499ms",                   // 7.499 s since the last pulse: not overdue yet
            "expect: { flow: 10 }",
            "wait: 1ms",                      // 7.5 s, a quarter of the interval late: one litre in 7.5 s
            "expect: { flow: 8 }",
            "wait: 4s",                       // 11.5 s: the step at 11.5 s, 60 / 11.5
            "expect: { flow: { near: 5.217, within: 0.001 } }",
            "wait: 18s",                      // 29.5 s: the last step, 60 / 29.5
            "expect: { flow: { near: 2.034, within: 0.001 } }",
            "wait: 500ms",                    // 30 s, five intervals: 0
            "expect: { flow: 0 }",
        ])
        #expect(result.failures.map(\.message) == [])
        #expect(result.passed == 6)
    }

    @Test("length: holds each press; a press shorter than every: leaves the input off between presses")
    func pressLength() throws {
        let result = try CounterFixtures.fixture.run([
            "pulses: { meter: { count: 2, every: 10s, length: 9s } }",
            "expect: { water: 2, meter: off }",
            "expect_active: meter",
        ])
        #expect(result.failures == [])
        #expect(result.passed == 3)
    }

    @Test("the rate of a number that is not a counter follows its changes, and a set total is no flow")
    func rateOfANumber() throws {
        let result = try CounterFixtures.fixture.run([
            "set: { tank: 100 }",
            "wait: 30s",
            "set: { tank: 110 }",
            "expect: { filling: 20 }",
            "wait: 30s",
            "set: { tank: 105 }",
            "expect: { filling: -10 }",
            "set: { tank: unavailable }",
            "expect: { filling: unavailable }",
        ])
        #expect(result.failures.map(\.message) == [])
        #expect(result.passed == 3)
    }

    @Test("a pulses: step is refused where it is wrong, with the fix")
    func refusals() {
        #expect(CounterFixtures.fixture.errors([
            "pulses: { meter: { count: 0, every: 2s } }",
            "pulses: { meter: { count: 2 } }",
            "pulses: { meter: { count: 2, every: 2s, length: 2s } }",
            "pulses: { tank: { count: 2, every: 2s } }",
            "pulses: { meter: { count: 2, evry: 2s } }",
            "pulses: { water: { count: 2, every: 2s } }",
            "pulses: { meter: 2s }",
            "pulses: { meter: { count: 1000000, every: 24h } }",
        ]) == [
            "3:31 count: of meter in pulses: must be a whole number from 1 to 1000000, found '0'",
            "4:15 pulses: of meter needs every:",
            "5:53 length: of meter in pulses: is not shorter than every:",
            "6:15 'tank' is a number (L), and pulses: moves levels",
            "7:34 unknown key 'evry' in pulses: of meter",
            "8:15 'water' is a number (L), and pulses: moves levels",
            "9:22 pulses: of meter takes a mapping, found '2s'",
            "10:15 pulses: of meter last longer than a year (count: times every:)",
        ])
    }
}

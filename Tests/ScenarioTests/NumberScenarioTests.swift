import Config
import Scenario
import Testing

/// A room of three temperatures with a set point and the weather outside, as
/// docs/NUMBERS.md writes them: what a test file's numbers are read and run against.
enum NumberFixtures {
    static let fixture = ScenarioFixture("room", config: """
            chips:
              main: { label: pinctrl-bcm2711 }
            mqtt: { broker: mqtt://127.0.0.1 }
            inputs:
              setpoint: { command: true, type: number, initial: 21, min: 5, max: 30, step: 0.5, unit: "°C" }
              outside: { topic: weather/outside/temperature, type: number, unit: "°C" }
              t_north: { command: true, type: number, unit: "°C" }
              t_south: { command: true, type: number, unit: "°C" }
              t_door: { command: true, type: number, unit: "°C" }
              door: { chip: main, line: GPIO22 }
            signals:
              inside: { mean: [t_north, t_south, t_door] }
              spread: { difference: [inside, outside] }
              fine: { mean: [t_north], precision: 3 }
              too_hot: { threshold: inside, above: 28, hysteresis: 2 }
              heat: { threshold: inside, below: setpoint, hysteresis: 0.5 }
            outputs:
              fan: { chip: main, line: GPIO5, follows: too_hot }

            """)
}

@Suite("Numbers in test files")
struct NumberScenarioTests {
    private func location(_ line: Int, _ column: Int) -> Config.SourceLocation {
        NumberFixtures.fixture.location(line, column)
    }

    @Test("set: and expect: read numbers, unavailable and near/within for numbers, and 1 as one for a number")
    func reading() throws {
        let loaded = try NumberFixtures.fixture.load([
            "set: { setpoint: 22, outside: 1, t_door: unavailable, door: 1 }",
            "expect: { inside: 28.15, spread: { near: 24.65, within: 0.01 }, t_door: unavailable, too_hot: on }",
        ])
        #expect(loaded.scenario.steps.map(\.action) == [
            .set([.init("setpoint", .number(22), at: location(3, 12)), .init("outside", .number(1), at: location(3, 26)),
                  .init("t_door", .unavailable, at: location(3, 38)), .init("door", true, at: location(3, 59))]),
            .expect([.init("inside", .number(28.15), at: location(4, 15)),
                     .init("spread", .near(24.65, within: 0.01), at: location(4, 30)),
                     .init("t_door", .unavailable, at: location(4, 69)), .init("too_hot", true, at: location(4, 90))]),
        ])
        #expect(loaded.scenario.expectationCount == 4)
    }

    @Test("a level for a number, a number or unavailable for a level, and a bad tolerance are refused where written")
    func refusals() {
        #expect(NumberFixtures.fixture.errors([
            "set: { setpoint: on, door: 21.5 }",
            "set: { door: unavailable, t_north: warm }",
            "expect: { too_hot: 28, inside: off, fan: unavailable }",
            "expect: { spread: { near: 24.65, within: -1 } }",
            "expect: { spread: { near: x, within: 0.1 } }",
            "expect: { spread: { near: 1 } }",
            "expect: { spread: { nearby: 1, within: 1 } }",
            "expect: { too_hot: { near: 1, within: 1 } }",
            "set: { setpoint: { near: 1, within: 1 } }",
            "toggle: setpoint",
            "pulse: { t_north: 1s }",
            "expect_active: [too_hot, inside]",
        ]) == [
            "3:22 'on' is a level, and setpoint is a number (°C): set: takes a number or unavailable for it",
            "3:32 door is a level, and set: takes on or off for it, found '21.5'",
            "4:18 door is a level, and set: takes on or off for it, found 'unavailable'",
            "4:40 'warm' is not a number for t_north in set:",
            "5:24 too_hot is a level, and expect: takes on or off for it, found '28'",
            "5:36 'off' is a level, and inside is a number (°C): expect: takes a number or unavailable for it",
            "5:46 fan is a level, and expect: takes on or off for it, found 'unavailable'",
            "6:46 within: of spread is -1, and a tolerance is 0 or more",
            "7:31 near: of spread must be a decimal number, found 'x'",
            "8:23 spread: needs both near: and within:",
            "9:25 unknown key 'nearby' in spread: of expect:",
            "10:24 too_hot: takes a single value, found a mapping",
            "11:22 setpoint: takes a single value, found a mapping",
            "12:13 'setpoint' is a number (°C), and toggle: takes levels",
            "13:14 't_north' is a number (°C), and pulse: moves levels",
            "14:30 'inside' is a number (°C), and expect_active: takes levels",
        ])
    }

    @Test("the issue's steps pass: a mean without its unavailable operand, a difference near a value, a threshold")
    func passes() throws {
        let result = try NumberFixtures.fixture.run([
            "set: { setpoint: 22, outside: 3.5 }",
            "set: { t_north: 27.9, t_south: 28.4, t_door: unavailable }",
            "expect: { inside: 28.15, too_hot: on, fan: on, t_door: unavailable }",
            "expect: { spread: { near: 24.65, within: 0.01 } }",
            "set: { outside: unavailable }",
            "expect: { spread: unavailable, setpoint: 22 }",
        ])
        #expect(result.failures == [])
        #expect(result.error == nil)
        #expect(result.passed == 7)
    }

    @Test("a number matches when both round alike at the node's precision: 28.149 is 28.15 at 2 places, not at 3")
    func precision() throws {
        let result = try NumberFixtures.fixture.run([
            "set: { t_north: 28.149, t_south: unavailable, t_door: unavailable }",
            "expect: { inside: 28.15, fine: 28.149 }",
            "expect: { inside: 28.14, fine: 28.15 }",
        ])
        #expect(result.passed == 2)
        #expect(result.failures.map(\.message) == [
            "expected inside 28.14 °C at 0s, it is 28.15 °C",
            "expected fine 28.150 °C at 0s, it is 28.149 °C",
        ])
    }

    @Test("near: and within: take the tolerance either way, its edge included")
    func tolerance() throws {
        let result = try NumberFixtures.fixture.run([
            "set: { t_north: 24.66, t_south: unavailable, t_door: unavailable, outside: 0 }",
            "expect: { spread: { near: 24.65, within: 0.01 }, inside: { near: 24.67, within: 0.01 } }",
            "expect: { spread: { near: 24.645, within: 0.001 } }",
            "expect: { spread: { near: 24.68, within: 0.02 } }",
        ])
        #expect(result.passed == 3)
        #expect(result.failures.map(\.message) == ["expected spread 24.645 °C within 0.001 at 0s, it is 24.66 °C"])
    }

    @Test("a failure shows numbers with their unit, and so do the changes under it")
    func failureWithUnits() throws {
        let result = try NumberFixtures.fixture.run([
            "set: { t_north: 27.9, t_south: 28.4, t_door: unavailable }",
            "wait: 12s",
            "set: { t_south: 28.9 }",
            "expect: { inside: 28.15, too_hot: off }",
        ])
        #expect(result.failures.map(\.description) == [
            """
            room.test.yaml:6:15: error: expected inside 28.15 °C at 12s, it is 28.40 °C
              0s   input t_north 27.90 °C
              0s   input t_south 28.40 °C
              0s   input t_door unavailable
              12s  input t_south 28.90 °C
            """,
            """
            room.test.yaml:6:30: error: expected too_hot off at 12s, it is on
              0s   signal inside 28.15 °C
              12s  signal inside 28.40 °C
            """,
        ])
    }

    @Test("a command input's min: and max: bound set:, a failure of the step; a remote input takes any number")
    func limits() throws {
        let result = try NumberFixtures.fixture.run([
            "set: { setpoint: 35, outside: 1000 }",
            "expect: { setpoint: 21, outside: 1000 }",
            "set: { setpoint: 4.5 }",
            "set: { setpoint: 30 }",
            "expect: { setpoint: 30 }",
        ])
        #expect(result.passed == 3)
        #expect(result.failures.map(\.description) == [
            "room.test.yaml:3:12: error: set: setpoint refused at 0s: 35.00 is outside what 'setpoint' takes: 5.00 to 30.00",
            "room.test.yaml:5:12: error: set: setpoint refused at 0s: 4.50 is outside what 'setpoint' takes: 5.00 to 30.00",
        ])
    }
}

@Suite("Numbers over time in test files")
struct NumberTimeScenarioTests {
    @Test("a heartbeat's repeats are not changes: the lines under a failure leave them out")
    func heartbeatRepeats() throws {
        let tank = ScenarioFixture("tank", config: """
            inputs:
              level: { command: true, type: number, unit: "cm", filters: [ { heartbeat: 10s } ] }

            """)
        let result = try tank.run([
            "set: { level: 20 }", "wait: 1m", "set: { level: 21 }", "wait: 25s", "expect: { level: 22 }",
        ])
        #expect(result.failures.map(\.description) == [
            """
            tank.test.yaml:7:15: error: expected level 22.00 cm at 1m25s, it is 21.00 cm
              0s  input level 20.00 cm
              1m  input level 21.00 cm
            """,
        ])
    }
}

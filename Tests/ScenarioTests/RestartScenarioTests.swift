import Config
import Scenario
import Testing

/// `restart: {}` and `restart: { kill: true }`: what a restart of the daemon keeps, by the
/// daemon's own rules (`KeptValueRecorder`), in virtual time.
@Suite("Test files: restarts")
struct RestartScenarioTests {
    /// A pump a command turns on, restored after a restart and limited to 10 minutes on;
    /// a water meter whose total is kept at most once a minute, and a count of the same
    /// pulses that is not kept; a porch lamp with an override; a light only commands
    /// set, restored, and one not restored; a set point kept and one not; a door switch
    /// with a pull-up.
    static let fixture = ScenarioFixture("house", config: """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              want_water: { command: true, persist: true }
              meter: { chip: main, line: GPIO17 }
              motion: { chip: main, line: GPIO22 }
              door: { chip: main, line: GPIO23, bias: pull-up }
              setpoint: { command: true, type: number, initial: 21, min: 5, max: 30, persist: true }
              target: { command: true, type: number, initial: 21, min: 5, max: 30 }
            signals:
              water: { count: meter, multiply: 1, unit: L, persist: true, persist_every: 1m }
              pulses_seen: { count: meter }
            outputs:
              pump: { chip: main, line: GPIO7, follows: want_water, initial: restore, max_on: 10m }
              lamp: { chip: main, line: GPIO5, follows: motion, override: true }
              light: { chip: main, line: GPIO6, command: true, initial: restore }
              fan: { chip: main, line: GPIO13, command: true }

            """)

    @Test("the pump on for 8 minutes is restored on by a restart and turned off by its 10m max_on 2 minutes later")
    func maxOnAcrossRestart() throws {
        let result = try Self.fixture.run([
            "set: { want_water: on }",
            "wait: 8m",
            "expect: { pump: on }",
            "restart: {}",
            "expect: { pump: on, want_water: on }",
            "expect_active: pump",
            "wait: 1m59s",
            "expect: { pump: on }",
            "wait: 1s",
            "expect: { pump: off, want_water: on }",
        ])
        #expect(result.failures == [])
        #expect(result.error == nil)
        #expect(result.passed == 7)
        #expect(result.elapsed == .seconds(600), "a restart takes no time")
    }

    @Test("a kill keeps the pump's time on as well: 8 minutes, then a kill, and 2 minutes are left")
    func maxOnAcrossKill() throws {
        let result = try Self.fixture.run([
            "set: { want_water: on }", "wait: 8m", "restart: { kill: true }",
            "expect: { pump: on }", "wait: 1m59s", "expect: { pump: on }", "wait: 1s", "expect: { pump: off }",
        ])
        #expect(result.failures == [])
        #expect(result.passed == 3)
    }

    /// Each press at 0, 2, 4 ... s counts one litre at once (no debounce). A fresh keeper
    /// hands the first total over at once, then each next one at most once a minute
    /// after it (the rest waits for that minute). A restart's start is not heard, so a
    /// new keeper's first total is the first counted after it.
    @Test("the kept total: all of it over an orderly restart, what was handed over in the minute over a kill")
    func totals() throws {
        let result = try Self.fixture.run([
            // 1 at 0 s handed over; 2 ... 10 (0 to 18 s) wait for 60 s.
            "pulses: { meter: { count: 10, every: 2s } }",
            "expect: { water: 10, pulses_seen: 10 }",
            // At 19 s: the stop hands over 10.
            "restart: {}",
            "expect: { water: 10, pulses_seen: 0 }",
            // A new keeper: 11 at 19 s handed over at once; 12 ... 15 (21 to 27 s) wait.
            "pulses: { meter: { count: 5, every: 2s } }",
            "expect: { water: 15 }",
            // At 28 s: killed; what waited is lost.
            "restart: { kill: true }",
            "expect: { water: 11, pulses_seen: 0 }",
            // 12 at 28 s handed over; 13, 14 (30, 32 s) wait until 88 s, which the wait passes.
            "pulses: { meter: { count: 3, every: 2s } }",
            "wait: 1m",
            "restart: { kill: true }",
            "expect: { water: 14 }",
        ])
        #expect(result.failures == [], "\(result.failures)")
        #expect(result.error == nil)
        #expect(result.passed == 8)
        #expect(result.elapsed == .seconds(93))
    }

    @Test("initial: restore brings back a commanded light after a restart and a kill; an output without it starts off")
    func restoredOutput() throws {
        let result = try Self.fixture.run([
            "set: { light: on, fan: on }", "wait: 1s",
            "restart: {}", "expect: { light: on, fan: off }",
            "set: { light: off }", "restart: { kill: true }", "expect: { light: off }",
            "set: { light: on }", "restart: { kill: true }", "expect: { light: on }",
        ])
        #expect(result.failures == [], "\(result.failures)")
        #expect(result.passed == 4)
    }

    @Test("an override's mode chosen by hand is kept: off holds through a restart while motion stays; auto follows again")
    func overrideMode() throws {
        let result = try Self.fixture.run([
            "set: { motion: on, lamp: off }", "wait: 1s", "expect: { lamp: off }",
            "restart: {}", "expect: { motion: on, lamp: off }",
            "restart: { kill: true }", "expect: { lamp: off }",
            "set: { lamp: auto }", "expect: { lamp: on }",
            "restart: {}", "expect: { lamp: on }",
        ])
        #expect(result.failures == [], "\(result.failures)")
        #expect(result.passed == 6)
    }

    @Test("a command input with persist: true is kept, one without starts at its initial; line inputs stay as set")
    func commandInputsAndLines() throws {
        let result = try Self.fixture.run([
            "set: { setpoint: 25, target: 25, door: off }", "expect: { door: off }",
            "restart: {}", "expect: { setpoint: 25, target: 21, door: off }",
            "set: { setpoint: 26.5, door: on }", "restart: { kill: true }", "expect: { setpoint: 26.5, door: on }",
        ])
        #expect(result.failures == [], "\(result.failures)")
        #expect(result.passed == 6)
    }

    @Test("a sensor's device reads the same after a restart: its reading is given to the new engine")
    func sensorReading() throws {
        let pi = ScenarioFixture("pi", config: """
            inputs:
              cpu: { thermal: cpu-thermal, interval: 1s }
            signals:
              hot: { threshold: cpu, above: 70 }

            """)
        try pi.expectPasses([
            "set: { cpu: 75 }", "restart: {}", "expect: { cpu: 75, hot: on }",
            "set: { cpu: unavailable }", "restart: { kill: true }", "expect: { cpu: unavailable }",
        ], passed: 3)
    }

    /// A CLOSE from an unknown position runs the whole travel and a margin (22 s, as at a
    /// first start); from a known 55 % it would be over in 11 s and the margin. Each move
    /// waits a second first, so that the interlock's 500 ms between motors has passed.
    @Test("a blind's position is kept when it stops; a kill while it moves leaves it unknown")
    func coverPosition() throws {
        let blinds = ScenarioFixture("blinds", config: """
            chips:
              main: { label: pinctrl-bcm2711 }
            inputs:
              wall_switch: { chip: main, line: GPIO17 }
            outputs:
              blinds_up: { chip: main, line: GPIO9 }
              blinds_down: { chip: main, line: GPIO10 }
            covers:
              blinds: { up: blinds_up, down: blinds_down, travel: 20s }
            interlocks:
              blinds_motor: { outputs: [blinds_up, blinds_down], wait: 500ms }

            """)
        try blinds.expectPasses([
            "set: { blinds: close }", "wait: 22s", "expect: { blinds: closed }", "wait: 1s",
            "set: { blinds: 40 }", "wait: 8s", "expect: { blinds: 40 }",
            "restart: {}", "expect: { blinds: 40, blinds_up: off, blinds_down: off }",
            "restart: { kill: true }", "expect: { blinds: 40 }",
            "set: { blinds: open }", "wait: 3s", "restart: { kill: true }", "expect: { blinds: stopped }",
            "wait: 1s", "set: { blinds: close }", "wait: 15s", "expect: { blinds: closing }", "wait: 8s",
            "expect: { blinds: closed }",
        ], passed: 9)
    }

    @Test("expect_quiet and a failing expect after a restart: the restart's window, the safe value in the latest changes")
    func failureAfterRestart() throws {
        let result = try Self.fixture.run([
            "set: { light: on }",
            "wait: 1m",
            "restart: {}",
            "expect_quiet: fan",
            "expect: { light: off }",
        ])
        #expect(result.passed == 1)
        #expect(result.failures.map(\.location) == [ScenarioFixtures.location(7, 15)])
        let failure = try #require(result.failures.first)
        #expect(failure.message == "expected light off at 1m, it is on")
        let lines = failure.recentChanges.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines == ["0s output light off (initial)", "0s output light on", "1m output light off (safe state)",
                          "1m output light on (initial)"], "\(failure.recentChanges)")
    }
}

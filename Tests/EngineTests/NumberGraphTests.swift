import Config
@testable import Engine
import GPIO
import Testing
import Values

/// Numbers in the graph: numeric inputs, `mean`/`sum`, thresholds with hysteresis and a
/// set point, unavailable values, filters on the loop's timers (virtual time here).
@Suite("Numbers in the graph")
struct NumberGraphTests {
    static let greenhouse = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          t_north:  { command: true, type: number, unit: "°C", initial: 20 }
          t_south:  { command: true, type: number, unit: "°C", initial: 22 }
          t_door:   { command: true, type: number, unit: "°C", initial: 24 }
          setpoint: { command: true, type: number, unit: "°C", initial: 21, min: 5, max: 30, step: 0.5 }
        signals:
          inside:  { mean: [t_north, t_south, t_door] }
          total:   { sum: [t_north, t_south, t_door], precision: 1 }
          spread:  { difference: [inside, setpoint] }
          too_hot: { threshold: inside, above: 28, hysteresis: 2 }
          heat:    { threshold: inside, below: setpoint, hysteresis: 0.5 }
        outputs:
          fan:    { chip: main, line: GPIO5, follows: too_hot }
          heater: { chip: main, line: GPIO6, follows: heat }
        """

    static func running(_ text: String = greenhouse) throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse(text, file: "gpioagg.yaml"))
        try harness.start()
        return harness
    }

    static func set(_ harness: EngineHarness, _ values: [String: Double?]) throws {
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            let result = try #require(harness.engine.setNumber(name, to: value))
            if case .failure(let refusal) = result { Issue.record("\(name): \(refusal)") }
        }
    }

    @Test("mean leaves an unavailable operand out and sum is unavailable; both carry the operands' unit")
    func meanAndSum() throws {
        let harness = try Self.running()
        #expect(harness.signal("inside") == .number(22, "°C"))
        #expect(harness.signal("total") == .number(66, "°C"))
        #expect(harness.snapshot.precision(of: "total") == 1 && harness.snapshot.precision(of: "inside") == 2)
        try Self.set(harness, ["t_door": nil])
        #expect(harness.input("t_door") == .unavailable)
        #expect(harness.signal("inside") == .number(21, "°C"))
        #expect(harness.signal("total") == .unavailable)
        #expect(harness.signal("spread") == .number(0, "°C"))
        try Self.set(harness, ["t_north": nil, "t_south": nil])
        #expect(harness.signal("inside") == .unavailable, "unavailable only when every operand is")
        #expect(harness.signal("spread") == .unavailable, "difference needs both operands")
        let change = try #require(harness.changes.last { $0.name == "inside" })
        #expect(change.value == .unavailable && change.kind == .signal)
    }

    @Test("hysteresis: on at 28, unchanged inside the band, off at 26; the fan line follows")
    func hysteresis() throws {
        let harness = try Self.running()
        #expect(harness.signal("too_hot") == false && harness.level("GPIO5") == false)
        try Self.set(harness, ["t_north": 28, "t_south": 28, "t_door": 28])
        #expect(harness.signal("too_hot") == true && harness.level("GPIO5") == true)
        try Self.set(harness, ["t_north": 26.5, "t_south": 26.5, "t_door": 26.5])
        #expect(harness.signal("too_hot") == true, "inside the band it holds")
        try Self.set(harness, ["t_north": 26, "t_south": 26, "t_door": 26])
        #expect(harness.signal("too_hot") == false, "at the bound minus the hysteresis it turns off")
        try Self.set(harness, ["t_north": 27.9, "t_south": 27.9, "t_door": 27.9])
        #expect(harness.signal("too_hot") == false, "inside the band, from below, it stays off")
        #expect(harness.writes("GPIO5") == [false, true, false])
    }

    @Test("a set point that moves: the value is weighed against the band around the new bound")
    func setPoint() throws {
        let harness = try Self.running()
        #expect(harness.signal("heat") == false, "22 is above 21")
        try Self.set(harness, ["setpoint": 22.5])
        #expect(harness.signal("heat") == true && harness.level("GPIO6") == true)
        try Self.set(harness, ["setpoint": 21.6])
        #expect(harness.signal("heat") == true, "off only at 22.1 and above")
        try Self.set(harness, ["setpoint": 21.4])
        #expect(harness.signal("heat") == false)
        #expect(harness.signal("spread") == .number(0.6, "°C") || harness.signal("spread")?.number.map {
            abs($0 - 0.6) < 1e-9 } == true)
    }

    @Test("an unavailable operand: the threshold takes its fallback and the log says why, once")
    func fallback() throws {
        let text = Self.greenhouse.replacingOccurrences(
            of: "too_hot: { threshold: inside, above: 28, hysteresis: 2 }",
            with: "too_hot: { threshold: inside, above: 28, hysteresis: 2, fallback: on }")
        let harness = try Self.running(text)
        #expect(harness.log.filter { $0.contains("at its fallback") }.isEmpty,
                "a set point's first value comes before the number's: no fallback at start")
        try Self.set(harness, ["t_north": nil, "t_south": nil])
        #expect(harness.signal("too_hot") == false)
        try Self.set(harness, ["t_door": nil])
        #expect(harness.signal("too_hot") == true, "fallback: on")
        #expect(harness.level("GPIO5") == true)
        #expect(harness.log.filter { $0.hasPrefix("signal too_hot at its fallback") }
            == ["signal too_hot at its fallback (on): 'inside' is unavailable"])
        try Self.set(harness, ["t_door": 20])
        #expect(harness.signal("too_hot") == false, "a value again: weighed as at start")
    }

    @Test("min and max of a command input: a value outside is refused, the input unchanged")
    func limits() throws {
        let harness = try Self.running()
        let refused = try #require(harness.engine.setNumber("setpoint", to: 40))
        #expect(refused == .failure(SetRefusal(.value, "40.00 is outside what 'setpoint' takes: 5.00 to 30.00")))
        #expect(harness.input("setpoint") == .number(21, "°C"))
        #expect(harness.engine.setNumber("inside", to: 3)?.refusal?.reason == .notSettable, "a signal is not set")
        #expect(harness.engine.setNumber("setpoint", to: 30) == .success(.number(30, "°C")))
    }

    @Test("timeout and heartbeat run on the loop's timers: unavailable after D without a value; a repeat every D")
    func timedFilters() throws {
        let harness = try Self.running("""
            inputs:
              probe: { command: true, type: number, unit: "°C", initial: 20, filters: [ { timeout: 10s } ] }
              meter: { command: true, type: number, unit: W, filters: [ { heartbeat: 30s } ] }
            signals:
              warm: { threshold: probe, above: 25 }
            """)
        try Self.set(harness, ["probe": 26])
        #expect(harness.signal("warm") == true)
        harness.advance(by: .milliseconds(9_999))
        #expect(harness.input("probe") == .number(26, "°C"))
        harness.advance(by: .milliseconds(1))
        #expect(harness.input("probe") == .unavailable, "10 s without a value")
        #expect(harness.signal("warm") == false, "its fallback")
        try Self.set(harness, ["probe": 27])
        harness.advance(by: .seconds(5))
        try Self.set(harness, ["probe": 27])
        harness.advance(by: .seconds(9))
        #expect(harness.input("probe") == .number(27, "°C"), "each value starts the 10 s again")

        harness.clearChanges()
        try Self.set(harness, ["meter": 150])
        harness.advance(by: .seconds(30))
        harness.advance(by: .seconds(30))
        let meter = harness.changes.filter { $0.name == "meter" }
        #expect(meter.map(\.value) == [.number(150, "W"), .number(150, "W"), .number(150, "W")])
        #expect(meter.map(\.isRepeat) == [false, true, true])
        #expect(meter.map(\.timestamp) == [meter[0].timestamp, meter[0].timestamp + 30_000_000_000,
                                          meter[0].timestamp + 60_000_000_000])
    }

    @Test("a reload of the same config: numbers and a threshold inside its band carry over, nothing is written")
    func reload() throws {
        let harness = try Self.running()
        try Self.set(harness, ["t_north": 28, "t_south": 28, "t_door": 28, "setpoint": 25])
        try Self.set(harness, ["t_north": 27, "t_south": 27, "t_door": 27])
        #expect(harness.signal("too_hot") == true)
        harness.chip.clearWrites()
        let next = Engine(configuration: try ConfigLoader.parse(Self.greenhouse, file: "gpioagg.yaml"),
                          backend: harness.simulated, loop: harness.loop)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(next.snapshot().signals["too_hot"] == true, "27 is inside the band: it stays on")
        #expect(next.snapshot().inputs["setpoint"] == .number(25, "°C"))
        #expect(next.snapshot().signals["inside"] == .number(27, "°C"))
        #expect(harness.chip.writes.isEmpty, "writes: \(harness.chip.writes)")
        next.stop()
    }

    @Test("a config with no line: numbers and thresholds run without chips")
    func noChips() throws {
        let harness = try Self.running("""
            inputs:
              level: { command: true, type: number, unit: cm, initial: 40 }
            signals:
              low: { threshold: level, below: 20, hysteresis: 5 }
            """)
        try Self.set(harness, ["level": 19])
        #expect(harness.signal("low") == true)
        let change = try #require(harness.changes.last { $0.name == "level" })
        #expect(change.value == .number(19, "cm") && change.precision == 2 && change.description == "input level 19.00 cm")
    }

    @Test("why: numbers with their units, a mean's operands, a threshold's band around its bound")
    func why() throws {
        let harness = try Self.running()
        try Self.set(harness, ["t_north": 28, "t_south": 28.5, "t_door": 29])
        harness.advance(by: .seconds(3))
        let lines = try #require(harness.engine.explain("fan"))
        #expect(lines == [
            "fan on: output on main GPIO5, follows too_hot; on for 3s",
            "  too_hot on: signal threshold: inside, above: 28, hysteresis: 2; "
                + "on for 3s; on at 28.00 °C and above, off at 26.00 °C and below",
            "    inside 28.50 °C: signal mean: [t_north, t_south, t_door], unit: °C; for 3s",
            "      t_north 28.00 °C: command input; for 3s",
            "      t_south 28.50 °C: command input; for 3s",
            "      t_door 29.00 °C: command input; for 3s",
        ])
        try Self.set(harness, ["t_north": nil, "t_south": nil, "t_door": nil])
        let fallback = try #require(harness.engine.explain("too_hot", depth: 1))
        #expect(fallback[0].hasSuffix("; off for 0s; at its fallback (off): its operand is unavailable"), "\(fallback)")
        #expect(fallback[1] == "  inside unavailable: signal mean: [t_north, t_south, t_door], unit: °C; for 0s")
    }

    @Test("why: a value rounded onto a threshold's end or past it shows its unrounded value beside it")
    func whyUnrounded() throws {
        let harness = try Self.running("""
            inputs:
              reading: { command: true, type: number, unit: "°C", initial: 20 }
            signals:
              inside:  { mean: [reading], precision: 1 }
              too_hot: { threshold: inside, above: 28 }
              vent:    { threshold: inside, above: 28, hysteresis: 2 }
            """)
        /// The part of `name`'s why line after its band.
        func note(_ name: String) throws -> String {
            let line = try #require(harness.engine.explain(name, depth: 0)?.first)
            let band = try #require(line.range(of: "and below"))
            return String(line[band.upperBound...])
        }
        // 27.97 shows as 28.0, which reads as on at 28.0 and above: the threshold is off.
        try Self.set(harness, ["reading": 27.97])
        #expect(harness.signal("too_hot") == false)
        #expect(try note("too_hot") == "; inside 28.0 °C (27.97 unrounded) is below 28.0 °C")
        // 28.03 shows as 28.0 too: on, and why says by how much.
        try Self.set(harness, ["reading": 28.03])
        #expect(harness.signal("too_hot") == true)
        #expect(try note("too_hot") == "; inside 28.0 °C (28.03 unrounded) is above 28.0 °C")
        // Nothing hidden: 28.0 exactly, 27.5 and 28.5 read as they compare.
        for reading in [28, 27.5, 28.5] {
            try Self.set(harness, ["reading": reading])
            #expect(try note("too_hot") == "", "\(reading)")
        }
        // The lower end of a band: 26.04 shows as 26.0, where the threshold turns off; it stays on.
        try Self.set(harness, ["reading": 26.04])
        #expect(harness.signal("vent") == true)
        #expect(try note("vent") == "; inside 26.0 °C (26.04 unrounded) is above 26.0 °C")
        let why = try #require(harness.engine.explain("vent", depth: 1))
        #expect(why[1].hasPrefix("  inside 26.0 °C: signal mean: [reading]"), "the operand's own line as shown: \(why)")
    }

    @Test("a number unavailable at start: the threshold starts at its fallback and the log says so once")
    func unavailableAtStart() throws {
        let harness = try Self.running("""
            mqtt: { broker: "mqtt://localhost" }
            inputs:
              outside: { topic: weather/outside, type: number, unit: "°C" }
              setpoint: { command: true, type: number, unit: "°C", initial: 3 }
            signals:
              frost: { threshold: outside, below: setpoint, hysteresis: 0.5, fallback: on }
            """)
        #expect(harness.signal("frost") == true)
        #expect(harness.log.filter { $0.contains("at its fallback") }
            == ["signal frost at its fallback (on): 'outside' is unavailable"])
        try #require(harness.engine.setNumber("outside", to: 5, limits: false) != nil)
        #expect(harness.signal("frost") == false)
    }
}

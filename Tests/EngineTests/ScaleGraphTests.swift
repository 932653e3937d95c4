import Config
@testable import Engine
import GPIO
import Testing
import Values

/// `scale:` in the graph: a CPU temperature along a fan curve, on virtual time, with a
/// threshold and a line after it and a timeout filter before it.
@Suite("scale: in the graph")
struct ScaleGraphTests {
    static let config = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          cpu: { thermal: cpu-thermal, filters: [ { timeout: 30s } ] }
        signals:
          fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
          heating:   { scale: cpu, from: [70, 50], to: [0, 2.5], unit: kW, precision: 3 }
          fast:      { threshold: fan_speed, above: 80, hysteresis: 5 }
        outputs:
          led: { chip: main, line: GPIO5, follows: fast }
        """

    static func running(_ text: String = config) throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse(text, file: "gpioagg.yaml"))
        try harness.start()
        return harness
    }

    static func read(_ harness: EngineHarness, _ value: Double?) {
        harness.engine.setNumber("cpu", to: value, limits: false)
    }

    @Test("the curve: 30 % up to 50 °C, 65 % at 60 °C, 100 % from 70 °C; a threshold and a line follow it")
    func curve() throws {
        let harness = try Self.running()
        #expect(harness.signal("fan_speed") == .unavailable, "no reading yet")
        #expect(harness.snapshot.precision(of: "fan_speed") == 2)
        for (reading, speed, heating, fast) in [(40.0, 30.0, 2.5, false), (60, 65, 1.25, false), (68.4, 94.4, 0.2, true),
                                                (75, 100, 0, true), (64, 79, 0.75, true), (62, 72, 1, false)] {
            Self.read(harness, reading)
            let shown = harness.signal("fan_speed")
            guard case .number(let value, let unit) = shown else {
                Issue.record("\(reading) °C gives \(String(describing: shown))")
                continue
            }
            #expect(abs(value - speed) < 1e-9 && unit == "%", "\(reading) °C gives \(value)")
            guard case .number(let power, "kW") = harness.signal("heating") else {
                Issue.record("heating at \(reading) °C is \(String(describing: harness.signal("heating")))")
                continue
            }
            #expect(abs(power - heating) < 1e-9, "a falling curve: \(reading) °C gives \(power) kW")
            #expect(harness.signal("fast") == .level(fast) && harness.level("GPIO5") == fast, "at \(reading) °C")
        }
        #expect(harness.writes("GPIO5") == [false, true, false], "on above 80 %, off again at 75 % and below")
    }

    @Test("an unavailable operand makes the scale unavailable: a reading, or the input's timeout on virtual time")
    func unavailable() throws {
        let harness = try Self.running()
        Self.read(harness, 60)
        #expect(harness.signal("fan_speed") == .number(65, "%"))
        Self.read(harness, nil)
        #expect(harness.signal("fan_speed") == .unavailable)
        Self.read(harness, 55)
        #expect(harness.signal("fan_speed") == .number(47.5, "%"))
        harness.clearChanges()
        harness.advance(by: .milliseconds(29_999))
        #expect(harness.signal("fan_speed") == .number(47.5, "%"), "the timeout has not passed")
        harness.advance(by: .milliseconds(1))
        #expect(harness.input("cpu") == .unavailable && harness.signal("fan_speed") == .unavailable)
        let change = try #require(harness.changes.first { $0.name == "fan_speed" })
        #expect(change.value == .unavailable && change.timestamp == 30_000_000_000 && change.kind == .signal)
        Self.read(harness, 80)
        #expect(harness.signal("fan_speed") == .number(100, "%"))
    }

    @Test("only changes are sent: readings past the same end hold the clamped value without a change")
    func clampedHolds() throws {
        let harness = try Self.running()
        Self.read(harness, 75)
        harness.clearChanges()
        harness.advance(by: .seconds(1))
        Self.read(harness, 90)
        harness.advance(by: .seconds(1))
        Self.read(harness, 71)
        #expect(harness.changes(of: .signal, "fan_speed") == [], "100 % throughout")
        Self.read(harness, 69)
        #expect(harness.changes(of: .signal, "fan_speed") == [.number(96.5, "%")])
    }

    @Test("why: the operand, the point on the curve, and whether the value is clamped to an end")
    func why() throws {
        let harness = try Self.running()
        #expect(try #require(harness.engine.explain("fan_speed", depth: 0))
            == ["fan_speed unavailable: signal scale: cpu, from: [50, 70], to: [30, 100], unit: %; since start; unavailable while cpu is"])
        Self.read(harness, 60)
        harness.advance(by: .seconds(3))
        let lines = try #require(harness.engine.explain("fan_speed"))
        #expect(lines == [
            "fan_speed 65.00 %: signal scale: cpu, from: [50, 70], to: [30, 100], unit: %; for 3s; "
                + "cpu at 60.00 °C is on the curve from 50.00 °C to 70.00 °C: 65.00 %",
            "  cpu 60.00 °C: sensor input, thermal cpu-thermal channel temp every 1m; for 3s; its filters act again in 27s",
        ], "\(lines)")
        Self.read(harness, 75)
        #expect(try #require(harness.engine.explain("fan_speed", depth: 0)).first?.hasSuffix(
            "; cpu at 75.00 °C is past the curve's end at 70.00 °C: clamped to 100.00 %") == true)
        Self.read(harness, 12.5)
        #expect(try #require(harness.engine.explain("heating", depth: 0)) == [
            "heating 2.500 kW: signal scale: cpu, from: [70, 50], to: [0, 2.5], unit: kW, precision: 3; for 0s; "
                + "cpu at 12.50 °C is past the curve's end at 50.00 °C: clamped to 2.500 kW",
        ])
        Self.read(harness, 45)
        #expect(try #require(harness.engine.explain("fan_speed", depth: 0)).first?.hasSuffix(
            "; cpu at 45.00 °C is before the curve's start at 50.00 °C: clamped to 30.00 %") == true)
    }

    @Test("clamp: false goes on along the line past both ends; a line far out past what a Double holds is unavailable, with why")
    func unclamped() throws {
        // °F = °C × 9/5 + 32 (NIST SP 811, B.9).
        let harness = try Self.running("""
            inputs:
              cpu: { thermal: cpu-thermal }
            signals:
              fan_speed:  { scale: cpu, from: [50, 70], to: [30, 100] }
              fahrenheit: { scale: cpu, from: [0, 100], to: [32, 212], clamp: false, unit: "°F" }
              steep:      { scale: cpu, from: [0, 1e-160], to: [0, 1e160], clamp: false }
            """)
        for (reading, expected) in [(-40.0, -40.0), (37, 98.6), (250, 482)] {
            Self.read(harness, reading)
            guard case .number(let value, "°F") = harness.signal("fahrenheit") else {
                Issue.record("\(reading) °C gives \(String(describing: harness.signal("fahrenheit")))")
                continue
            }
            #expect(abs(value - expected) < 1e-9, "\(reading) °C gives \(value) °F")
        }
        #expect(try #require(harness.engine.explain("fahrenheit", depth: 0)).first?.hasSuffix(
            "; cpu at 250.00 °C is past the curve's end at 100.00 °C: the line goes on: 482.00 °F") == true)
        #expect(harness.signal("fan_speed") == .number(100, "%"), "a scale without clamp: still clamps")
        Self.read(harness, 1e200)
        #expect(harness.signal("steep") == .unavailable)
        let why = try #require(harness.engine.explain("steep", depth: 0)).first ?? ""
        #expect(why.contains("overflow: cpu at 1e200 along the line of steep from [0, 1e-160] to [0, 1e160] is not a finite number"),
                "\(why)")
        Self.read(harness, 5e-161)
        #expect(harness.signal("steep") == .number(5e159, "%"))
    }

    @Test("a reload that changes the curve maps the operand's kept reading along the new one at once")
    func reload() throws {
        let harness = try Self.running()
        Self.read(harness, 60)
        let changed = Self.config.replacingOccurrences(of: "to: [30, 100]", with: "to: [20, 100]")
        let next = Engine(configuration: try ConfigLoader.parse(changed, file: "gpioagg.yaml"),
                          backend: harness.simulated, loop: harness.loop)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(next.snapshot().signals["fan_speed"] == .number(60, "%"))
        #expect(next.setNumber("cpu", to: 70, limits: false) == .success(.number(70, "°C")))
        #expect(next.snapshot().signals["fan_speed"] == .number(100, "%"))
        next.stop()
    }
}

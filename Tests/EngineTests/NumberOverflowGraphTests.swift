import Config
@testable import Engine
import PWM
import PWMSimulated
import Testing
import Values

/// Finite numbers whose sum, filter, scale, rate or count is not a finite number: the
/// node is unavailable with the overflow as its reason (`why`), never `inf` or `nan`, so
/// that thresholds take their fallback and PWM outputs their `safe`. In virtual time.
@Suite("Numbers that overflow in the graph")
struct NumberOverflowGraphTests {
    static let graph = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          a: { command: true, type: number }
          b: { command: true, type: number }
          c: { command: true, type: number }
          d: { command: true, type: number }
          e: { command: true, type: number, initial: 5 }
          reading: { command: true, type: number, filters: [ { moving_average: 2 } ] }
          boosted: { command: true, type: number, filters: [ { multiply: 10 } ] }
          tiny: { command: true, type: number, initial: 0 }
          button: { chip: main, line: GPIO22 }
        signals:
          total: { sum: [a, b] }
          low: { sum: [c, d] }
          room: { mean: [low, e] }
          both: { mean: [total, low] }
          fan_speed: { scale: both, from: [20, 40], to: [0, 100] }
          steep: { scale: tiny, from: [0, 1e-160], to: [0, 1e160] }
          too_big: { threshold: total, above: 100 }
          warm: { threshold: both, above: 10 }
          climb: { rate: a, per: 1m }
          presses: { count: button, multiply: 1e308 }
        """

    static let device = "fe20c000.pwm"

    /// The graph, and `fan: { follows: fan_speed, safe: 100 }` on a simulated controller.
    static func running() throws -> EngineHarness {
        var configuration = try ConfigLoader.parse(graph, file: Fixtures.file)
        configuration.pwmChips = [PWMChipDeclaration(name: "pwm", locator: .device(device), location: Fixtures.at(40))]
        configuration.pwmOutputs = [PWMOutputDeclaration(name: "fan", chip: "pwm", channel: 0, period: 40_000,
                                                         follows: "fan_speed", initial: 0, safe: 100,
                                                         location: Fixtures.at(41))]
        let backend = SimulatedPWMBackend(controllers: [.init(deviceName: device, number: 0, channelCount: 2)])
        let harness = EngineHarness(configuration, pwm: backend)
        try harness.start()
        return harness
    }

    static func set(_ harness: EngineHarness, _ values: [(String, Double)]) throws {
        for (name, value) in values {
            let result = try #require(harness.engine.setNumber(name, to: value, limits: false))
            if case .failure(let refusal) = result { Issue.record("\(name): \(refusal)") }
        }
    }

    static func why(_ harness: EngineHarness, _ name: String) -> String {
        harness.engine.explain(name, depth: 0)?.first ?? "nothing named \(name)"
    }

    static func value(_ harness: EngineHarness, _ name: String) -> NodeValue? {
        harness.input(name) ?? harness.signal(name)
    }

    @Test("a sum of two command inputs at 1.7e308 is unavailable, and why says the overflow")
    func sumOverflow() throws {
        let harness = try Self.running()
        try Self.set(harness, [("a", 1.7e308), ("b", 1.7e308)])
        #expect(harness.signal("total") == .unavailable, "\(String(describing: harness.signal("total")))")
        let why = Self.why(harness, "total")
        #expect(why.hasPrefix("total unavailable: signal sum: [a, b]"), "\(why)")
        #expect(why.contains("; overflow: 1.7e308 + 1.7e308 is not a finite number"), "\(why)")
        try Self.set(harness, [("b", 1)])
        #expect(harness.signal("total") == .number(1.7e308, .none), "a number again once the sum is one")
        #expect(!Self.why(harness, "total").contains("overflow"))
    }

    @Test("a threshold fed an overflow takes its fallback; one fed nan from inf - inf does not stay on")
    func thresholdFallback() throws {
        let harness = try Self.running()
        try Self.set(harness, [("a", 10), ("b", 10), ("c", 10), ("d", 10)])
        #expect(harness.signal("too_big") == false && harness.signal("warm") == true)
        try Self.set(harness, [("a", 1.7e308), ("b", 1.7e308)])
        #expect(harness.signal("too_big") == false, "at its fallback (off), not on at inf")
        #expect(Self.why(harness, "too_big").contains("at its fallback (off)"), "\(Self.why(harness, "too_big"))")
        try Self.set(harness, [("c", -1.7e308), ("d", -1.7e308)])
        #expect(harness.signal("both") == .unavailable, "the mean of two overflows, not nan")
        #expect(harness.signal("warm") == false, "at its fallback, not held on by nan")
    }

    @Test("a mean leaves out an operand that overflowed to -inf")
    func meanWithoutOverflow() throws {
        let harness = try Self.running()
        try Self.set(harness, [("c", -1.7e308), ("d", -1.7e308)])
        #expect(harness.signal("low") == .unavailable)
        #expect(Self.why(harness, "low").contains("overflow: -1.7e308 + -1.7e308 is not a finite number"))
        #expect(harness.signal("room") == .number(5, .none), "\(String(describing: harness.signal("room")))")
    }

    @Test("a PWM fan with safe: 100 that follows a scale of an overflow runs at 100 %, not 0 %")
    func pwmSafe() throws {
        let harness = try Self.running()
        try Self.set(harness, [("a", 10), ("b", 10), ("c", 10), ("d", 10)])
        #expect(harness.engine.pwmDuty("fan").map { abs($0 - 0) < 1e-9 } == true, "20 is the curve's start: 0 %")
        try Self.set(harness, [("a", 1.7e308), ("b", 1.7e308), ("c", -1.7e308), ("d", -1.7e308)])
        #expect(harness.signal("fan_speed") == .unavailable)
        #expect(harness.engine.pwmDuty("fan").map { abs($0 - 100) < 1e-9 } == true,
                "\(String(describing: harness.engine.pwmDuty("fan")))")
        #expect(harness.output("fan") == .number(100, "%"))
    }

    @Test("moving_average: 2 fed 1.7e308 then 1.6e308 gives their mean, 1.65e308, not inf")
    func movingAverage() throws {
        let harness = try Self.running()
        try Self.set(harness, [("reading", 1.7e308), ("reading", 1.6e308)])
        let value = try #require(harness.input("reading")?.number)
        #expect(value.isFinite && abs(value - 1.65e308) <= 1e293, "\(value)")
    }

    @Test("a filter whose result is past what a Double holds (multiply: 10 of 1.7e308) makes the input unavailable")
    func filterOverflow() throws {
        let harness = try Self.running()
        try Self.set(harness, [("boosted", 1.7e308)])
        #expect(harness.input("boosted") == .unavailable, "\(String(describing: harness.input("boosted")))")
        #expect(Self.why(harness, "boosted").contains("overflow: 1.7e308 × 10 is not a finite number"),
                "\(Self.why(harness, "boosted"))")
        try Self.set(harness, [("boosted", 2)])
        #expect(harness.input("boosted") == .number(20, .none))
    }

    @Test("a scale with a slope no Double holds gives the point on its curve, not nan")
    func steepScale() throws {
        let harness = try Self.running()
        #expect(harness.signal("steep") == .number(0, "%"), "\(String(describing: harness.signal("steep")))")
        try Self.set(harness, [("tiny", 5e-161)])
        let value = try #require(harness.signal("steep")?.number)
        #expect(value.isFinite && abs(value - 5e159) <= 1e145, "\(value)")
    }

    @Test("a rate whose rise is past what a Double holds is unavailable, with why")
    func rateOverflow() throws {
        let harness = try Self.running()
        try Self.set(harness, [("a", -1.7e308)])
        harness.advance(by: .seconds(1))
        try Self.set(harness, [("a", 1.7e308)])
        #expect(harness.signal("climb") == .unavailable, "\(String(describing: harness.signal("climb")))")
        #expect(Self.why(harness, "climb").contains("overflow: the rate of a per 1m is not a finite number"),
                "\(Self.why(harness, "climb"))")
        harness.advance(by: .seconds(1))
        try Self.set(harness, [("a", 1.7e308 - 1e293)])
        #expect(harness.signal("climb")?.number?.isFinite == true, "a finite rise gives a rate again")
    }

    @Test("a counter's pulse that would take its total past a Double is refused; the total stays")
    func counterOverflow() throws {
        let harness = try Self.running()
        for _ in 0..<2 {
            harness.set("GPIO22", true)
            harness.advance(by: .milliseconds(100))
            harness.set("GPIO22", false)
            harness.advance(by: .milliseconds(100))
        }
        #expect(harness.signal("presses") == .number(1e308, .none), "\(String(describing: harness.signal("presses")))")
        let why = Self.why(harness, "presses")
        #expect(why.contains("2 pulses counted since start"), "\(why)")
        #expect(why.contains("1 pulse not added: overflow: 0 + 2 × 1e308 is not a finite number"), "\(why)")
        _ = harness.engine.setTotal("presses", to: 0)
        #expect(!Self.why(harness, "presses").contains("not added"), "setting the total starts again")
    }

    @Test("a total set above 2^53 is refused with the limit; inf and nan are refused as any number's value")
    func refusals() throws {
        let harness = try Self.running()
        guard case .failure(let refusal)? = harness.engine.setTotal("presses", to: 1e16) else {
            Issue.record("1e16 taken as a total")
            return
        }
        #expect("\(refusal)" == "1e16 is above 9007199254740992 (2^53), the largest total 'presses' counts exactly: give that or less")
        guard case .success? = harness.engine.setTotal("presses", to: 9_007_199_254_740_992) else {
            Issue.record("2^53 refused")
            return
        }
        let before = harness.input("a")
        for value in [Double.infinity, -.infinity, .nan] {
            guard case .failure(let refusal)? = harness.engine.setNumber("a", to: value, limits: false) else {
                Issue.record("\(value) taken")
                continue
            }
            #expect("\(refusal)".hasSuffix("is not a finite number: 'a' takes a decimal number"), "\(refusal)")
            #expect(harness.input("a") == before, "a refusal leaves it as it was")
        }
    }
}

import Numbers
import Testing

@Suite("Thresholds with hysteresis, set points and fallback")
struct ThresholdTests {
    /// The levels `threshold` shows after each of `values`.
    private func levels(_ threshold: Threshold, _ values: [Double?]) -> [Bool] {
        var threshold = threshold
        return values.map { threshold.receive(value: $0).level }
    }

    @Test("above: on at the bound, unchanged inside the band, off at the bound minus the hysteresis")
    func aboveWithHysteresis() throws {
        let tooHot = try Threshold(.above, bound: 28, hysteresis: 2)
        #expect(levels(tooHot, [27, 28, 27, 26.5, 26, 27, 27.9, 28, 25]) ==
            [false, true, true, true, false, false, false, true, false])
    }

    @Test("below: on at the bound, unchanged inside the band, off at the bound plus the hysteresis")
    func belowWithHysteresis() throws {
        let frost = try Threshold(.below, bound: 0.5, hysteresis: 0.5)
        #expect(levels(frost, [1.0, 0.5, 0.9, 1.0, 0.7, 0.5, -3, 2]) ==
            [false, true, true, false, false, true, true, false])
    }

    @Test("a carried level (a reload): inside the band it stays; past either end it follows the value")
    func carried() throws {
        #expect(levels(try Threshold(.above, bound: 28, hysteresis: 2, carrying: true), [27, 26]) == [true, false])
        #expect(levels(try Threshold(.above, bound: 28, hysteresis: 2, carrying: false), [27, 28]) == [false, true])
        #expect(levels(try Threshold(.above, bound: 28, hysteresis: 2), [27]) == [false], "a start weighs the value alone")
        #expect(try Threshold(.below, bound: 0.5, carrying: true).isDecided)
        #expect(try !Threshold(.below, bound: 0.5).isDecided)
    }

    @Test("with no hysteresis: off as soon as the value is not past the bound")
    func noHysteresis() throws {
        #expect(levels(try Threshold(.above, bound: 28), [28, 27.99, 28, 30, 27]) == [true, false, true, true, false])
        #expect(levels(try Threshold(.below, bound: 0.5), [0.5, 0.51, 0.5, -1, 0.6]) == [true, false, true, true, false])
    }

    @Test("at start, inside the band: on only if past the bound", arguments: [
        (ThresholdDirection.above, 27.0, false), (.above, 28, true), (.above, 26, false),
        (.below, 0.7, false), (.below, 0.5, true), (.below, 1.0, false),
    ])
    func start(direction: ThresholdDirection, value: Double, level: Bool) throws {
        let bound = direction == .above ? 28.0 : 0.5
        let hysteresis = direction == .above ? 2.0 : 0.5
        // The fallback is on, so that a level carried from it would show.
        let threshold = try Threshold(direction, bound: bound, hysteresis: hysteresis, fallback: true)
        #expect(levels(threshold, [value]) == [level])
    }

    @Test("an unavailable operand takes the fallback and says why; the level before it is not carried across")
    func unavailableOperand() throws {
        var heat = try Threshold(.above, bound: 28, hysteresis: 2, fallback: true)
        #expect(heat.level == true && heat.fallbackReason == .operandUnavailable)
        #expect(heat.receive(value: 29) == ThresholdDecision(level: true, changed: false))
        #expect(heat.receive(value: nil) == ThresholdDecision(level: true, changed: false, fallbackReason: .operandUnavailable))
        // Back inside the band: weighed as at start, not kept on by the fallback.
        #expect(heat.receive(value: 27) == ThresholdDecision(level: false, changed: true))
        #expect(heat.fallbackReason == nil)

        var off = try Threshold(.below, bound: 21)
        #expect(off.receive(value: 20) == ThresholdDecision(level: true, changed: true))
        #expect(off.receive(value: nil) == ThresholdDecision(level: false, changed: true, fallbackReason: .operandUnavailable))
        #expect("\(ThresholdFallbackReason.operandUnavailable)" == "its operand is unavailable")
    }

    @Test("an unavailable set point takes the fallback and says why")
    func unavailableBound() throws {
        var heat = try Threshold(.below, bound: nil, hysteresis: 0.5)
        #expect(heat.receive(value: 20) == ThresholdDecision(level: false, changed: false, fallbackReason: .boundUnavailable))
        #expect(heat.band == nil)
        #expect(heat.receive(bound: 21) == ThresholdDecision(level: true, changed: true))
        #expect(heat.receive(bound: nil).fallbackReason == .boundUnavailable)
        #expect("\(ThresholdFallbackReason.boundUnavailable)" == "its bound is unavailable")
    }

    @Test("a set point that moves: the value is weighed again, the band follows the bound")
    func movingSetPoint() throws {
        var heat = try Threshold(.below, bound: 21, hysteresis: 0.5)
        #expect(heat.receive(value: 20.75).level == true)
        // 20.75 is inside the new band (20.5, 21.0): it stays on.
        #expect(heat.receive(bound: 20.5) == ThresholdDecision(level: true, changed: false))
        #expect(heat.band == ThresholdBand(.below, bound: 20.5, hysteresis: 0.5))
        #expect(heat.band?.onAt == 20.5 && heat.band?.offAt == 21.0)
        // At the new bound plus the hysteresis: off.
        #expect(heat.receive(bound: 20.25) == ThresholdDecision(level: false, changed: true))
        #expect(heat.bound == 20.25 && heat.value == 20.75)
        // Past the bound again, the bound having moved up to it.
        #expect(heat.receive(bound: 20.75) == ThresholdDecision(level: true, changed: true))
    }

    @Test("the band, as why shows it")
    func band() {
        let tooHot = ThresholdBand(.above, bound: 28, hysteresis: 2)
        #expect(tooHot.onAt == 28 && tooHot.offAt == 26)
        #expect("\(tooHot)" == "on at 28.0 and above, off at 26.0 and below")
        #expect("\(ThresholdBand(.below, bound: 0.5, hysteresis: 0.5))" == "on at 0.5 and below, off at 1.0 and above")
        #expect(tooHot.text(precision: 1, unit: "°C") == "on at 28.0 °C and above, off at 26.0 °C and below")
        #expect(ThresholdBand(.below, bound: 21, hysteresis: 0.5).text(precision: 2, unit: .none) ==
            "on at 21.00 and below, off at 21.50 and above")
    }

    @Test("the unrounded value beside the shown one, only where the rounding hides the comparison")
    func roundingNote() {
        let frost = ThresholdBand(.below, bound: 3, hysteresis: 0)
        // 3.04 shows as 3.0 at one place, which reads as on at 3.0 and below: it is above.
        #expect(frost.roundingNote(for: 3.04, precision: 1, unit: "°C") == "3.0 °C (3.04 unrounded) is above 3.0 °C")
        // 2.96 reads as 3.0 too: on either way, but the difference is hidden.
        #expect(frost.roundingNote(for: 2.96, precision: 1, unit: "°C") == "3.0 °C (2.96 unrounded) is below 3.0 °C")
        #expect(frost.roundingNote(for: 3.04, precision: 2, unit: "°C") == nil, "3.04 at two places")
        #expect(frost.roundingNote(for: 3, precision: 0, unit: "°C") == nil, "at the bound, shown as it is")
        #expect(frost.roundingNote(for: 3.6, precision: 0, unit: "°C") == nil, "4 reads above 3, as 3.6 is")
        // A bound between two shown numbers: 21.25 at one place reads 21.3 (away from zero),
        // the value 21.27 reads 21.3 too.
        let heat = ThresholdBand(.below, bound: 21.25, hysteresis: 0)
        #expect(heat.roundingNote(for: 21.27, precision: 1, unit: .none)
            == "21.3 (21.27 unrounded) is above 21.3 (21.25 unrounded)")
        // Both ends of a band narrower than the places shown.
        let narrow = ThresholdBand(.above, bound: 28, hysteresis: 0.02)
        #expect(narrow.roundingNote(for: 27.99, precision: 1, unit: "°C")
            == "28.0 °C (27.99 unrounded) is below 28.0 °C, and 28.0 °C (27.99 unrounded) is above 28.0 °C (27.98 unrounded)")
        #expect(frost.roundingNote(for: .nan, precision: 1, unit: "°C") == nil)
    }

    @Test("a negative or non-finite hysteresis is refused with the fix", arguments: [-0.5, .nan, .infinity])
    func refusesHysteresis(hysteresis: Double) {
        #expect {
            _ = try Threshold(.above, bound: 28, hysteresis: hysteresis)
        } throws: { error in
            "\(error)".hasSuffix("give 0 or a positive number")
        }
    }
}

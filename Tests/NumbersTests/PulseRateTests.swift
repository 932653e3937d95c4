import Numbers
import Testing

/// The rate of a total from the time between its pulses, as ESPHome's pulse_meter
/// measures it, and its decay when pulses stop.
@Suite("PulseRate")
struct PulseRateTests {
    static let second: UInt64 = 1_000_000_000
    static let minute = 60 * second

    @Test("each pulse gives its increase over the interval since the one before: one a minute is 1 per minute")
    func fromIntervals() {
        var rate = PulseRate(per: Self.minute)
        #expect(rate.pulse(1, at: 0) == PulseRate.Update(rate: 0, deadline: nil), "no interval yet")
        #expect(rate.pulse(1, at: Self.minute).rate == 1)
        #expect(rate.pulse(1, at: Self.minute + 2 * Self.second).rate == 30)
        #expect(rate.pulse(0.5, at: Self.minute + 4 * Self.second).rate == 15, "the increase is what one pulse adds")
    }

    @Test("with no pulse a quarter past the last interval it falls to the last pulse's worth over the time since it, each second, then is 0 at five intervals")
    func decay() {
        let second = Self.second
        var rate = PulseRate(per: Self.minute)
        rate.pulse(1, at: 0)
        let last = rate.pulse(1, at: 2 * second)
        #expect(last.rate == 30)
        // Held until the next pulse is overdue (2.5 s after the last), then a step each
        // second (the interval is longer).
        #expect(last.deadline == 4_500_000_000)
        var now = last.deadline!
        var shown: [Double] = []
        while true {
            let update = rate.deadlineFired(at: now)
            shown.append(update.rate)
            guard let next = update.deadline else { break }
            // One litre over the time since the last pulse.
            #expect(update.rate == 60.0 * Double(second) / Double(now - 2 * second))
            #expect(next == min(now + second, 12 * second))
            now = next
        }
        let expected: [Double] = [24, 60 / 3.5, 60 / 4.5, 60 / 5.5, 60 / 6.5, 8, 60 / 8.5, 60 / 9.5, 0]
        #expect(shown == expected)
        #expect(now == 12 * second, "0 once five intervals (10 s) have passed since the last pulse")
    }

    @Test("a pulse late by less than a quarter of the interval leaves the rate as the pulses imply")
    func latePulseHolds() {
        var rate = PulseRate(per: Self.second)
        rate.pulse(1, at: 0)
        let update = rate.pulse(1, at: 200_000_000)
        #expect(update == PulseRate.Update(rate: 5, deadline: 450_000_000))
        // A check 20 ms after the interval's end, before the next pulse: still 5 per second;
        // the next pulse is overdue only 250 ms after the last.
        #expect(rate.rate == 5)
        #expect(rate.deadlineFired(at: 449_999_999).rate == 5)
        // The next pulse 20 ms late: its own interval, 220 ms, not half the rate.
        #expect(rate.pulse(1, at: 420_000_000).rate == 1_000_000_000.0 / 220_000_000)
    }

    @Test("timeout: sets when the rate is 0, and the next pulse after it starts a new interval")
    func timeout() {
        var rate = PulseRate(per: Self.second, timeout: 3 * Self.second)
        rate.pulse(1, at: 0)
        #expect(rate.pulse(1, at: 10 * Self.second).rate == 0.1)
        #expect(rate.pulse(2, at: 11 * Self.second) == PulseRate.Update(rate: 2, deadline: 12_250_000_000))
        var update = rate.deadlineFired(at: 12_250_000_000)
        #expect(update.rate == 2 / 1.25 && update.deadline == 13_250_000_000)
        update = rate.deadlineFired(at: 13_250_000_000)
        #expect(update.rate == 2 / 2.25 && update.deadline == 14 * Self.second, "the timeout ends the last step")
        update = rate.deadlineFired(at: 14 * Self.second)
        #expect(update == PulseRate.Update(rate: 0, deadline: nil))
        #expect(rate.pulse(1, at: 20 * Self.second).rate == 1.0 / 9)
    }

    /// gpioagg issue 32: an anemometer at a steady 5 Hz whose pulses jitter by ±5 %
    /// (each a 50 ms press, then 146 to 164 ms open) read about half its speed whenever a
    /// pulse came a few milliseconds after the last interval's end. The truth is the mean
    /// pulse rate, 1 / 205 ms; the jitter comes from a seeded generator, so every run
    /// checks the same 2,000 pulses.
    @Test("an anemometer's pulses with ±5 % jitter read within 5 % of the true rate at every pulse and between pulses")
    func jitteredAnemometer() {
        var generator = SeededJitter(seed: 32)
        var rate = PulseRate(per: Self.second)
        let truth = 1.0 / 0.205
        var now: UInt64 = 0
        var deadline = rate.pulse(1, at: now).deadline
        var worst = 0.0
        for index in 1...2_000 {
            let gap = 146_000_000 + generator.next(below: 18_000_001)
            let next = now + 50_000_000 + gap
            // What any check before the next pulse sees: the deadlines that fall due first.
            while let due = deadline, due < next {
                let update = rate.deadlineFired(at: due)
                worst = max(worst, abs(update.rate - truth) / truth)
                deadline = update.deadline
            }
            now = next
            let update = rate.pulse(1, at: now)
            deadline = update.deadline
            if index > 1 || update.rate != 0 {
                worst = max(worst, abs(update.rate - truth) / truth)
            }
        }
        #expect(worst < 0.05, "worst error \(worst * 100) %")
    }

    @Test("pulses at one instant add up, and clear() forgets every pulse")
    func sameInstantAndClear() {
        var rate = PulseRate(per: Self.second)
        rate.pulse(1, at: 0)
        rate.pulse(1, at: Self.second)
        #expect(rate.pulse(1, at: Self.second).rate == 2)
        rate.clear()
        #expect(rate.rate == 0 && rate.lastPulse == nil && rate.lastInterval == nil)
        #expect(rate.pulse(1, at: 5 * Self.second).rate == 0)
    }
}

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

    @Test("with no pulse after the last interval it steps down, never above what the time since the last pulse allows, then is 0 at five intervals")
    func decay() {
        let second = Self.second
        var rate = PulseRate(per: Self.minute)
        rate.pulse(1, at: 0)
        let last = rate.pulse(1, at: 2 * second)
        #expect(last.rate == 30)
        // Held for the interval, then a step each second (the interval is longer).
        #expect(last.deadline == 4 * second)
        var now = last.deadline!
        var shown: [Double] = []
        while true {
            let update = rate.deadlineFired(at: now)
            shown.append(update.rate)
            guard let next = update.deadline else { break }
            #expect(next == now + second)
            // Until the next step, below what the time since the last pulse allows: one
            // litre over the time to the end of the step, the lowest bound in it.
            #expect(update.rate <= 60.0 * Double(second) / Double(next - 2 * second) + 1e-9)
            now = next
        }
        #expect(shown == [20, 15, 12, 10, 60.0 / 7, 7.5, 60.0 / 9, 6, 0])
        #expect(now == 12 * second, "0 once five intervals (10 s) have passed since the last pulse")
    }

    @Test("timeout: sets when the rate is 0, and the next pulse after it starts a new interval")
    func timeout() {
        var rate = PulseRate(per: Self.second, timeout: 3 * Self.second)
        rate.pulse(1, at: 0)
        #expect(rate.pulse(1, at: 10 * Self.second).rate == 0.1)
        #expect(rate.pulse(2, at: 11 * Self.second) == PulseRate.Update(rate: 2, deadline: 12 * Self.second))
        var update = rate.deadlineFired(at: 12 * Self.second)
        #expect(update.rate == 1 && update.deadline == 13 * Self.second)
        update = rate.deadlineFired(at: 13 * Self.second)
        #expect(update.rate == 2.0 / 3 && update.deadline == 14 * Self.second, "the timeout ends the last step")
        update = rate.deadlineFired(at: 14 * Self.second)
        #expect(update == PulseRate.Update(rate: 0, deadline: nil))
        #expect(rate.pulse(1, at: 20 * Self.second).rate == 1.0 / 9)
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

import Numbers
import Testing

/// `rate:` with `window:`: what the last window held, per `per`, as ESPHome's
/// pulse_counter counts the pulses of an interval, the interval sliding.
@Suite("PulseWindow")
struct PulseWindowTests {
    static let second: UInt64 = 1_000_000_000

    @Test("each pulse adds its share of the window; each leaves it a window after it came; 0 once a whole window has none")
    func slides() {
        let second = Self.second
        var rate = PulseWindow(per: second, window: 10 * second)
        #expect(rate.pulse(1, at: 0) == PulseRate.Update(rate: 0.1, deadline: 10 * second), "one pulse in 10 s")
        #expect(rate.pulse(1, at: 4 * second) == PulseRate.Update(rate: 0.2, deadline: 10 * second))
        #expect(rate.deadlineFired(at: 10 * second) == PulseRate.Update(rate: 0.1, deadline: 14 * second))
        #expect(rate.deadlineFired(at: 14 * second) == PulseRate.Update(rate: 0, deadline: nil))
        #expect(rate.rate == 0 && rate.count == 0)
        #expect(rate.pulse(2, at: 20 * second).rate == 0.2, "a pulse after a quiet window starts afresh")
    }

    /// The anemometer, 5 Hz ±5 % (a 50 ms press, then 146 to 164 ms open): over a
    /// 10 s window the count varies by at most a pulse, so the rate holds within
    /// 1 / (10 s × 4.88 Hz) ≈ 2 % of the truth, 1 / 205 ms, once the first window is full.
    @Test("an anemometer's jittered pulses over a 10 s window hold within 3 % of the true rate, between pulses too")
    func jitteredAnemometer() {
        var generator = SeededJitter(seed: 32)
        let second = Self.second
        var rate = PulseWindow(per: second, window: 10 * second)
        let truth = 1.0 / 0.205
        var now: UInt64 = 0
        var deadline = rate.pulse(1, at: now).deadline
        var worst = 0.0
        for _ in 1...2_000 {
            let next = now + 50_000_000 + 146_000_000 + generator.next(below: 18_000_001)
            while let due = deadline, due < next {
                let update = rate.deadlineFired(at: due)
                if due > 10 * second { worst = max(worst, abs(update.rate - truth) / truth) }
                deadline = update.deadline
            }
            now = next
            let update = rate.pulse(1, at: now)
            deadline = update.deadline
            if now > 10 * second { worst = max(worst, abs(update.rate - truth) / truth) }
        }
        #expect(worst < 0.03, "worst error \(worst * 100) %")
        #expect(rate.count <= Int(PulseWindow.resolution) + 1)
    }

    @Test("pulses within a 1024th of the window of a group's first are kept as one, which leaves with the latest of them")
    func bounded() {
        var rate = PulseWindow(per: Self.second, window: 1024)
        for time in 0..<UInt64(100_000) { rate.pulse(1, at: time) }
        #expect(rate.count <= 1025)
        #expect(rate.rate == 1024 * 1_000_000_000 / 1024, "every nanosecond's pulse of the last 1024")
        var many = PulseWindow(per: Self.second, window: 10 * Self.second)
        for index in 0..<UInt64(1_000) { many.pulse(1, at: index * 1_000_000) }   // 1,000 in the first second
        #expect(many.count == 100, "a group lasts 9.77 ms (10 s / 1024) from its first pulse: 10 pulses each")
        #expect(many.rate == 100)
        #expect(many.deadlineFired(at: 10_999_000_000) == PulseRate.Update(rate: 0, deadline: nil),
                "the last group leaves with its latest pulse, at 0.999 s + 10 s")
    }

    @Test("negative increases (a number that fell) count too, and clear() forgets every pulse")
    func fallsAndClear() {
        var rate = PulseWindow(per: 60 * Self.second, window: 60 * Self.second)
        rate.pulse(5, at: 0)
        #expect(rate.pulse(-2, at: Self.second).rate == 3)
        rate.clear()
        #expect(rate.rate == 0 && rate.count == 0)
        #expect(rate.resumed(at: 0) == PulseRate.Update(rate: 0, deadline: nil))
    }

    @Test("a carried window resumes with the pulses still in it at the new graph's start")
    func resumed() {
        var rate = PulseWindow(per: Self.second, window: 10 * Self.second)
        rate.pulse(1, at: 0)
        rate.pulse(1, at: 5 * Self.second)
        #expect(rate.resumed(at: 12 * Self.second) == PulseRate.Update(rate: 0.1, deadline: 15 * Self.second))
    }
}

@testable import Bridge
import Testing

/// Floods of one warning kept to a few lines: the first of a key, then one count a period.
@Suite("Repeated warnings")
struct RepeatedWarningsTests {
    private let second: UInt64 = 1_000_000_000
    private typealias Summary = RepeatedWarnings<String>.Summary

    @Test("the first warning of a key is logged, its repeats within the period counted and summarised at its end")
    func firstThenSummary() {
        var warnings = RepeatedWarnings<String>()
        #expect(warnings.nextDeadline == nil)
        let first = warnings.note("a/set", now: 10 * second)
        #expect(first)
        #expect(warnings.nextDeadline == 70 * second)
        var logged = 0
        for tick in 0..<9_999 where warnings.note("a/set", now: 10 * second + UInt64(tick)) { logged += 1 }
        #expect(logged == 0)
        let other = warnings.note("b/set", now: 20 * second)
        #expect(other, "another key is logged on its own")
        let early = warnings.summaries(now: 69 * second)
        #expect(early == [], "not before the period ends")
        let due = warnings.summaries(now: 70 * second)
        #expect(due == [Summary(key: "a/set", count: 9_999, elapsed: 60 * second)])
        let again = warnings.summaries(now: 70 * second)
        #expect(again.isEmpty)
        #expect(warnings.nextDeadline == 80 * second, "b's period, then a's next")
    }

    @Test("a flood that goes on gets one summary a period; a key quiet for a whole period is forgotten and logged again")
    func floodThenQuiet() {
        var warnings = RepeatedWarnings<String>(period: 60 * second)
        var logged = 0
        var summaries: [Summary] = []
        // One junk payload every 10 ms for 150 s, summaries asked at each deadline.
        var now: UInt64 = 0
        while now < 150 * second {
            if let deadline = warnings.nextDeadline, deadline <= now { summaries += warnings.summaries(now: now) }
            if warnings.note("t", now: now) { logged += 1 }
            now += second / 100
        }
        #expect(logged == 1)
        #expect(summaries.map(\.count) == [5_999, 6_000])
        #expect(summaries.map(\.seconds) == [60, 60])
        // The flood ended at 150 s: its count is said at 180 s, then nothing is left.
        let last = warnings.summaries(now: 180 * second)
        #expect(last.map(\.count) == [3_000])
        let quiet = warnings.summaries(now: 240 * second)
        #expect(quiet == [], "a period without repeats: forgotten")
        #expect(warnings.nextDeadline == nil)
        let back = warnings.note("t", now: 241 * second)
        #expect(back, "logged in full again")
    }

    @Test("remaining() gives every count not yet said, at a stop, and forgets every key")
    func remaining() {
        var warnings = RepeatedWarnings<Int>()
        var logged: [Bool] = []
        for (key, time) in [(1, 0), (1, 1), (1, 2), (2, 3)] { logged.append(warnings.note(key, now: UInt64(time))) }
        #expect(logged == [true, false, false, true])
        let left = warnings.remaining(now: 5 * second)
        #expect(left == [RepeatedWarnings<Int>.Summary(key: 1, count: 2, elapsed: 5 * second)])
        #expect(warnings.nextDeadline == nil)
        let after = warnings.note(1, now: 6 * second)
        #expect(after)
    }
}

@testable import GPIO
import Testing

/// Debounce modes as tables: (edge time, level) in, (time, reported level) out.
@Suite struct DebouncerTests {
    let ms: UInt64 = 1_000_000

    /// Feeds edges and polls expiry at every millisecond up to `until`; returns reports.
    func run(_ mode: Debounce.Mode, period: Duration, start: Bool = false,
             edges: [(UInt64, Bool)], until: UInt64) -> [(UInt64, Bool)] {
        var debouncer = Debouncer(Debounce(mode, period: period), level: start)
        var reports: [(UInt64, Bool)] = []
        var pending = edges[...]
        var time: UInt64 = 0
        while time <= until {
            while let (at, level) = pending.first, at <= time {
                pending.removeFirst()
                if let report = debouncer.edge(to: level, at: at) { reports.append((at, report)) }
            }
            if let report = debouncer.expire(at: time) { reports.append((time, report)) }
            time += ms / 4
        }
        return reports
    }

    func same(_ a: [(UInt64, Bool)], _ b: [(UInt64, Bool)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    // A press with three bounces at 0, 1, 2, 3, 4 ms, settling high at 4 ms.
    var bouncyPress: [(UInt64, Bool)] {
        [(0, true), (1 * ms, false), (2 * ms, true), (3 * ms, false), (4 * ms, true)]
    }

    @Test func noneReportsEveryChange() {
        let reports = run(.stable, period: .zero, edges: bouncyPress, until: 20 * ms)
        #expect(reports.map(\.1) == [true, false, true, false, true])
    }

    @Test func stableReportsOnceTheLineHeldItsLevelForThePeriod() {
        let reports = run(.stable, period: .milliseconds(10), edges: bouncyPress, until: 30 * ms)
        #expect(same(reports, [(14 * ms, true)]))
    }

    @Test func stableIgnoresAGlitchShorterThanThePeriod() {
        let reports = run(.stable, period: .milliseconds(10),
                          edges: [(0, true), (2 * ms, false)], until: 30 * ms)
        #expect(reports.isEmpty)
    }

    @Test func lockoutReportsAtOnceThenIgnoresEdgesForThePeriod() {
        let reports = run(.lockout, period: .milliseconds(10), edges: bouncyPress, until: 30 * ms)
        #expect(same(reports, [(0, true)]))
    }

    @Test func lockoutReportsALevelThatDiffersWhenTheWindowEnds() {
        // Pressed at 0, released at 3 ms inside the window: the release is reported when
        // the window closes at 10 ms.
        let reports = run(.lockout, period: .milliseconds(10),
                          edges: [(0, true), (3 * ms, false)], until: 30 * ms)
        #expect(same(reports, [(0, true), (10 * ms, false)]))
    }

    @Test func settleWaitsUntilTheLineIsQuietForThePeriod() {
        let reports = run(.settle, period: .milliseconds(10),
                          edges: bouncyPress + [(9 * ms, false)], until: 40 * ms)
        // Reported at once; the bounces and the release at 9 ms keep the window open
        // until 19 ms, when the line is found released.
        #expect(same(reports, [(0, true), (19 * ms, false)]))
    }

    @Test func lockoutAndSettleDifferOnBouncesThatOutlastThePeriod() {
        let edges: [(UInt64, Bool)] = [(0, true), (8 * ms, false), (12 * ms, true), (16 * ms, false),
                                       (17 * ms, true)]
        let lockout = run(.lockout, period: .milliseconds(10), edges: edges, until: 40 * ms)
        let settle = run(.settle, period: .milliseconds(10), edges: edges, until: 40 * ms)
        // Lockout: the window [0, 10) hides the release at 8 ms; at 10 the line is low,
        // reported, new window [10, 20); at 20 it is high again, reported.
        #expect(same(lockout, [(0, true), (10 * ms, false), (20 * ms, true)]))
        // Settle: each edge restarts the quiet period; it is quiet from 17 ms, high.
        #expect(same(settle, [(0, true)]))
    }

    @Test func kernelPeriodIsOnlyForStable() {
        #expect(Debounce(.stable, period: .milliseconds(5)).kernelPeriod == .milliseconds(5))
        #expect(Debounce(.lockout, period: .milliseconds(5)).kernelPeriod == .zero)
        #expect(Debounce(.settle, period: .milliseconds(5)).kernelPeriod == .zero)
    }
}

import Loop
import LoopEmbedded
import Testing

/// The twin's wall clock. Instants are written as UTC times; their epoch seconds come
/// from GNU date (`date -u -d "2026-06-21 21:20" +%s` is 1782076800), not from the code
/// under test.
@Suite("EmbeddedEventLoop's wall clock")
struct EmbeddedWallClockTests {
    static let second: Int64 = 1_000_000_000
    static let minute: Int64 = 60 * second
    /// 2026-06-21 21:20:00 UTC.
    static let start: Int64 = 1_782_076_800 * second
    /// 2026-06-21 23:00:00 UTC.
    static let elevenPM: Int64 = start + 100 * minute

    @Test("the wall clock starts where it is told, moves with advance, and steps forward and back")
    func movesAndSteps() {
        let loop = EmbeddedEventLoop(wallClock: Self.start)
        #expect(loop.wallClockNow == Self.start)
        loop.advance(by: .seconds(90))
        #expect(loop.wallClockNow == Self.start + 90 * Self.second)
        let monotonic = loop.now
        loop.setWallClock(to: Self.elevenPM)
        #expect(loop.wallClockNow == Self.elevenPM)
        #expect(loop.now == monotonic, "a step moves the wall clock only")
        loop.advance(by: .milliseconds(250))
        #expect(loop.wallClockNow == Self.elevenPM + 250_000_000)
        loop.setWallClock(to: Self.start)
        #expect(loop.wallClockNow == Self.start)
    }

    @Test("by default the wall clock starts at 2026-01-01 00:00 UTC, synchronized")
    func defaults() {
        let loop = EmbeddedEventLoop()
        // date -u -d "2026-01-01 00:00" +%s: 1767225600.
        #expect(loop.wallClockNow == 1_767_225_600 * Self.second)
        #expect(loop.isWallClockSynchronized)
        #expect(!EmbeddedEventLoop(wallClockSynchronized: false).isWallClockSynchronized)
    }

    @Test("wall timers run when the wall clock reaches their instant, in order, among loop timers, before one due at the same instant")
    func timersRunInOrder() {
        let loop = EmbeddedEventLoop(wallClock: Self.start)
        var ran: [String] = []
        var seenAt: [Int64] = []
        loop.schedule(atWallClock: Self.start + 2 * Self.minute) { ran.append("21:22"); seenAt.append(loop.wallClockNow) }
        loop.schedule(atWallClock: Self.start + Self.minute) { ran.append("21:21"); seenAt.append(loop.wallClockNow) }
        loop.schedule(in: .seconds(90)) { ran.append("90 s") }
        // Due at the same virtual instant as 21:21: the wall timer runs first.
        loop.schedule(in: .seconds(60)) { ran.append("60 s") }
        loop.advance(by: .seconds(59))
        #expect(ran.isEmpty)
        #expect(loop.nextDeadline == loop.now + 1_000_000_000)
        loop.advance(by: .seconds(120))
        #expect(ran == ["21:21", "60 s", "90 s", "21:22"])
        #expect(seenAt == [Self.start + Self.minute, Self.start + 2 * Self.minute])
    }

    @Test("a step forward runs the wall timers it jumped over at once, in order, after the watchers hear of it")
    func stepForwardRunsJumpedTimers() {
        let loop = EmbeddedEventLoop(wallClock: Self.start)
        var heard: [String] = []
        loop.watchWallClock { heard.append("\($0)") }
        loop.schedule(atWallClock: Self.elevenPM) { heard.append("23:00") }
        loop.schedule(atWallClock: Self.elevenPM - 30 * Self.minute) { heard.append("22:30") }
        loop.schedule(atWallClock: Self.elevenPM + 60 * Self.minute) { heard.append("00:00") }
        loop.setWallClock(to: Self.elevenPM + 30 * Self.minute)
        #expect(heard == ["set", "22:30", "23:00"])
        // Still ahead: midnight runs when the clock gets there, once.
        loop.advance(by: .seconds(30 * 60))
        #expect(heard == ["set", "22:30", "23:00", "00:00"])
        loop.advance(by: .seconds(3600))
        #expect(heard.count == 4)
    }

    @Test("a step back does not run a timer twice; one still ahead waits for the clock to come round")
    func stepBackRunsNothingTwice() {
        let loop = EmbeddedEventLoop(wallClock: Self.start)
        var ran: [String] = []
        loop.schedule(atWallClock: Self.start + Self.minute) { ran.append("21:21") }
        loop.schedule(atWallClock: Self.start + 10 * Self.minute) { ran.append("21:30") }
        loop.advance(by: .seconds(120))
        #expect(ran == ["21:21"])
        loop.setWallClock(to: Self.start)   // back to 21:20
        #expect(ran == ["21:21"])
        loop.advance(by: .seconds(120))     // 21:22 again: 21:21 does not run again
        #expect(ran == ["21:21"])
        loop.advance(by: .seconds(7 * 60))  // 21:29
        #expect(ran == ["21:21"])
        loop.advance(by: .seconds(60))      // 21:30 on the wall clock, 11 virtual minutes in
        #expect(ran == ["21:21", "21:30"])
    }

    @Test("a cancelled wall timer never runs, by the clock moving or by a step over it")
    func cancellation() {
        let loop = EmbeddedEventLoop(wallClock: Self.start)
        var ran = 0
        let byTime = loop.schedule(atWallClock: Self.start + Self.minute) { ran += 1 }
        let byStep = loop.schedule(atWallClock: Self.elevenPM) { ran += 1 }
        byTime.cancel()
        byStep.cancel()
        #expect(loop.nextDeadline == nil)
        loop.advance(by: .seconds(120))
        loop.setWallClock(to: Self.elevenPM + Self.minute)
        #expect(ran == 0)
    }

    @Test("watchers hear of synchronization only when it changes, and nothing once cancelled")
    func watchersHearSynchronization() {
        let loop = EmbeddedEventLoop(wallClock: Self.start, wallClockSynchronized: false)
        var heard: [WallClockChange] = []
        let watch = loop.watchWallClock { heard.append($0) }
        loop.setWallClockSynchronized(false)
        #expect(heard.isEmpty)
        loop.setWallClockSynchronized(true)
        #expect(loop.isWallClockSynchronized)
        loop.setWallClockSynchronized(true)
        loop.setWallClock(to: Self.elevenPM)
        loop.setWallClockSynchronized(false)
        #expect(heard == [.synchronized, .set, .unsynchronized])
        watch.cancel()
        loop.setWallClockSynchronized(true)
        loop.setWallClock(to: Self.start)
        #expect(heard == [.synchronized, .set, .unsynchronized])
    }

    @Test("a timer scheduled by a watcher at a step, at an instant already passed, runs in the same step")
    func watcherReschedulesAtStep() {
        let loop = EmbeddedEventLoop(wallClock: Self.start)
        var ran: [String] = []
        var boundary: LoopTimer?
        boundary = loop.schedule(atWallClock: Self.elevenPM) { ran.append("old 23:00") }
        loop.watchWallClock { change in
            guard change == .set else { return }
            // An engine evaluates again and moves its boundary.
            boundary?.cancel()
            boundary = loop.schedule(atWallClock: Self.elevenPM - Self.minute) { ran.append("new 22:59") }
        }
        loop.setWallClock(to: Self.elevenPM + Self.minute)
        #expect(ran == ["new 22:59"])
    }
}

import Locks
import MQTT
import Testing

@Suite("Reconnect backoff: exponential, full jitter, 1 s to 60 s")
struct ReconnectBackoffTests {
    private let second: UInt64 = 1_000_000_000

    @Test("the upper bound doubles from 1 s to 60 s; the random draw is taken within it, never under 1 s")
    func bounds() {
        let bounds = LockedValueBox<[UInt64]>([])
        var highest = ReconnectBackoff(random: { upper in
            bounds.withLockedValue { $0.append(upper) }
            return upper
        })
        let delays = (0..<9).map { _ in highest.nextDelay() }
        #expect(bounds.withLockedValue { $0 } == [1, 2, 4, 8, 16, 32, 60, 60, 60].map { $0 * second })
        #expect(delays == [1, 2, 4, 8, 16, 32, 60, 60, 60].map { $0 * second })
        var lowest = ReconnectBackoff(random: { _ in 0 })
        #expect((0..<5).map { _ in lowest.nextDelay() } == Array(repeating: second, count: 5), "the floor")
        var half = ReconnectBackoff(random: { $0 / 2 })
        #expect((0..<4).map { _ in half.nextDelay() } == [second, second, 2 * second, 4 * second])
        half.reset()
        #expect(half.failures == 0)
        #expect(half.nextDelay() == second)
        // "Dropped at once" means the same for the backoff and for the duplicate id check.
        #expect(MQTTConnectionStateMachine.stableConnection == DuplicateClientIDSuspicion.shortLived)
        #expect(ReconnectBackoff.stableConnection == 5 * second)
    }

    @Test("a random source that overshoots is held to the bound; the system's stays within it")
    func clamped() {
        var wild = ReconnectBackoff(random: { _ in .max })
        #expect(wild.nextDelay() == second)
        #expect(wild.nextDelay() == 2 * second)
        var system = ReconnectBackoff()
        for _ in 0..<20 {
            #expect((second...60 * second).contains(system.nextDelay()))
        }
    }
}

@Suite("Suspicion of a duplicate client id")
struct DuplicateClientIDSuspicionTests {
    private let second: UInt64 = 1_000_000_000

    /// Each drop as (accepted, dropped) in seconds after 100 s: what the suspicion says.
    private func suspicions(_ drops: [(UInt64, UInt64)]) -> [Bool] {
        var suspicion = DuplicateClientIDSuspicion()
        return drops.map { accepted, dropped in
            suspicion.connectionDropped(acceptedAt: (100 + accepted) * second, now: (100 + dropped) * second)
        }
    }

    @Test("three connections dropped within 5 s of their CONNACK, within a minute, make the suspicion")
    func three() {
        #expect(suspicions([(0, 1), (3, 4), (10, 14), (20, 21)]) == [false, false, true, false],
                "counting starts again after a report")
    }

    @Test("long connections, and short ones spread over more than a minute, do not")
    func notSuspicious() {
        #expect(suspicions([(0, 5), (0, 1), (40, 41), (90, 91), (95, 96)]) == [false, false, false, false, true],
                "5 s is not short-lived; at 91 s the first of three is more than a minute old")
    }
}

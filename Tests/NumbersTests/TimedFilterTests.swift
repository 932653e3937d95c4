import Numbers
import Testing

@Suite("Filters in time: throttle, delta, heartbeat, timeout (explicit times, no loop)")
struct TimedFilterTests {
    @Test("throttle: values inside D since the last that passed are dropped; at D one passes")
    func throttle() throws {
        var throttle = try ThrottleFilter(interval: 10 * second)
        let sent = [(1.0, 0), (2, 9), (3, 10), (4, 15), (5, 19), (6, 20)].map {
            throttle.receive($0, at: UInt64($1) * second)
        }
        #expect(sent.map(\.emission) == [.value(1), .nothing, .value(3), .nothing, .nothing, .value(6)])
        #expect(sent.allSatisfy { $0.deadline == nil })
    }

    @Test("throttle: unavailable passes at once, and so does the value after it")
    func throttleUnavailable() throws {
        var throttle = try ThrottleFilter(interval: 10 * second)
        #expect(throttle.emissions([1, nil, 2, 3]) == [.value(1), .value(nil), .value(2), .nothing])
    }

    @Test("delta: the first passes, then only values at least X from the last that passed")
    func delta() throws {
        var delta = try DeltaFilter(0.5)
        #expect(delta.emissions([21, 21.25, 21.5, 21.125, 20.75, 21]) ==
            [.value(21), .nothing, .value(21.5), .nothing, .value(20.75), .nothing])
    }

    @Test("delta: unavailable passes once; the number after it passes whatever its value")
    func deltaUnavailable() throws {
        var delta = try DeltaFilter(1)
        #expect(delta.emissions([5, nil, nil, 5, 5.5]) == [.value(5), .value(nil), .nothing, .value(5), .nothing])
        var startsUnavailable = try DeltaFilter(1)
        #expect(startsUnavailable.emissions([nil, 0]) == [.value(nil), .value(0)])
        #expect { _ = try DeltaFilter(-1) } throws: { "\($0)" == "delta is -1.0: give 0 or a positive number" }
    }

    @Test("heartbeat: the value passes at once and is sent again at exactly D and 2D after it")
    func heartbeat() throws {
        var heartbeat = try HeartbeatFilter(period: 10 * second)
        #expect(heartbeat.deadline == nil)
        #expect(heartbeat.receive(21, at: 0) == FilterOutput(.value(21), deadline: 10 * second))
        #expect(heartbeat.deadlineFired(at: 10 * second) == FilterOutput(.value(21), deadline: 20 * second))
        #expect(heartbeat.deadlineFired(at: 20 * second) == FilterOutput(.value(21), deadline: 30 * second))
    }

    @Test("heartbeat: a new value starts the period again; a timer for the old deadline sends nothing")
    func heartbeatRestarts() throws {
        var heartbeat = try HeartbeatFilter(period: 10 * second)
        _ = heartbeat.receive(21, at: 0)
        #expect(heartbeat.receive(22, at: 5 * second) == FilterOutput(.value(22), deadline: 15 * second))
        #expect(heartbeat.deadlineFired(at: 10 * second) == FilterOutput(.nothing, deadline: 15 * second))
        #expect(heartbeat.deadlineFired(at: 15 * second) == FilterOutput(.value(22), deadline: 25 * second))
    }

    @Test("heartbeat: unavailable passes and stops the repeats until the next value")
    func heartbeatUnavailable() throws {
        var heartbeat = try HeartbeatFilter(period: 10 * second)
        _ = heartbeat.receive(21, at: 0)
        #expect(heartbeat.receive(nil, at: 3 * second) == FilterOutput(.value(nil), deadline: nil))
        #expect(heartbeat.deadlineFired(at: 10 * second) == FilterOutput(.nothing, deadline: nil))
        #expect(heartbeat.receive(4, at: 12 * second) == FilterOutput(.value(4), deadline: 22 * second))
    }

    @Test("timeout: unavailable once D passes without a value; each value starts D again")
    func timeout() throws {
        var timeout = try TimeoutFilter(timeout: 10 * second)
        #expect(timeout.deadline == nil)
        #expect(timeout.receive(21, at: 0) == FilterOutput(.value(21), deadline: 10 * second))
        #expect(timeout.receive(22, at: 5 * second) == FilterOutput(.value(22), deadline: 15 * second))
        #expect(timeout.deadlineFired(at: 10 * second) == FilterOutput(.nothing, deadline: 15 * second))
        #expect(timeout.deadlineFired(at: 15 * second) == FilterOutput(.value(nil), deadline: nil))
        #expect(timeout.deadlineFired(at: 30 * second) == FilterOutput(.nothing, deadline: nil))
    }

    @Test("timeout: unavailable passes and disarms it")
    func timeoutUnavailable() throws {
        var timeout = try TimeoutFilter(timeout: 10 * second)
        _ = timeout.receive(21, at: 0)
        #expect(timeout.receive(nil, at: 2 * second) == FilterOutput(.value(nil), deadline: nil))
        #expect(timeout.deadlineFired(at: 10 * second) == FilterOutput(.nothing, deadline: nil))
    }

    @Test("a deadline past the end of the clock is held there rather than trapping")
    func farDeadline() throws {
        var timeout = try TimeoutFilter(timeout: .max)
        #expect(timeout.receive(1, at: 5 * second).deadline == .max)
    }

    @Test("a duration of 0 is refused with the fix")
    func zeroDurations() {
        #expect { _ = try ThrottleFilter(interval: 0) } throws: { "\($0)" == "throttle has a duration of 0: give a positive duration" }
        #expect { _ = try HeartbeatFilter(period: 0) } throws: { "\($0)" == "heartbeat has a duration of 0: give a positive duration" }
        #expect { _ = try TimeoutFilter(timeout: 0) } throws: { "\($0)" == "timeout has a duration of 0: give a positive duration" }
    }
}

import Numbers
import Testing

@Suite("Filter chains: in order, deadlines merged")
struct FilterChainTests {
    @Test("filters apply in order: median, offset, delta")
    func inOrder() throws {
        var chain = try FilterChain([.median(3), .offset(-0.5), .delta(0.25)])
        #expect(chain.emissions([20, 90, 21, 21.125, 23, 24]) ==
            [.value(19.5), .value(54.5), .value(20.5), .nothing, .nothing, .value(22.5)])
        #expect(chain.deadline == nil)
    }

    @Test("every filter the config names builds; an empty chain passes values as they are")
    func builds() throws {
        var chain = try FilterChain([
            .offset(1), .multiply(2), .calibrateLinear([(0, 0), (1, 1)]), .clamp(min: 0, max: 100), .median(1),
            .movingAverage(1), .exponentialMovingAverage(alpha: 1), .throttle(nanoseconds: 1), .delta(0),
            .heartbeat(nanoseconds: 10 * second), .timeout(nanoseconds: 30 * second),
        ])
        #expect(chain.receive(3, at: 0) == FilterOutput(.value(8), deadline: 10 * second))
        var empty = try FilterChain([])
        #expect(empty.receive(nil, at: 0) == FilterOutput(.value(nil)))
        #expect { _ = try FilterChain([.offset(1), .calibrateLinear([(0, 0)])]) } throws: { $0 is NumbersError }
    }

    @Test("the chain's deadline is the earliest of its filters'; each fires in order; none once nothing is pending")
    func mergedDeadlines() throws {
        var chain = try FilterChain([.timeout(nanoseconds: 30 * second), .heartbeat(nanoseconds: 10 * second)])
        #expect(chain.receive(5, at: 0) == FilterOutput(.value(5), deadline: 10 * second))
        #expect(chain.deadlineFired(at: 10 * second) == FilterChainFiring(sent: [5], deadline: 20 * second))
        #expect(chain.deadlineFired(at: 20 * second) == FilterChainFiring(sent: [5], deadline: 30 * second))
        // The timeout's unavailable goes through the heartbeat, which stops repeating.
        #expect(chain.deadlineFired(at: 30 * second) == FilterChainFiring(sent: [nil], deadline: nil))
    }

    @Test("what a filter sends when it fires goes through the filters after it only")
    func firingGoesOn() throws {
        var thinned = try FilterChain([.heartbeat(nanoseconds: 10 * second), .delta(1)])
        _ = thinned.receive(5, at: 0)
        #expect(thinned.deadlineFired(at: 10 * second) == FilterChainFiring(sent: [], deadline: 20 * second))
        var offset = try FilterChain([.offset(100), .timeout(nanoseconds: 10 * second), .multiply(2)])
        #expect(offset.receive(1, at: 0) == FilterOutput(.value(202), deadline: 10 * second))
        #expect(offset.deadlineFired(at: 5 * second) == FilterChainFiring(sent: [], deadline: 10 * second))
        #expect(offset.deadlineFired(at: 10 * second) == FilterChainFiring(sent: [nil], deadline: nil))
    }

    @Test("a filter that fires restarts the timed filters after it: what is due is weighed after each")
    func dueInOrder() throws {
        var chain = try FilterChain([.heartbeat(nanoseconds: 10 * second), .offset(1), .heartbeat(nanoseconds: 10 * second)])
        #expect(chain.receive(1, at: 0) == FilterOutput(.value(2), deadline: 10 * second))
        // Both are due at 10 s: the first one's repeat restarts the second one's period.
        #expect(chain.deadlineFired(at: 10 * second) == FilterChainFiring(sent: [2], deadline: 20 * second))
        var timeouts = try FilterChain([.timeout(nanoseconds: 10 * second), .offset(1), .timeout(nanoseconds: 5 * second)])
        _ = timeouts.receive(1, at: 0)
        #expect(timeouts.deadlineFired(at: 5 * second) == FilterChainFiring(sent: [nil], deadline: 10 * second))
        #expect(timeouts.deadlineFired(at: 10 * second) == FilterChainFiring(sent: [nil], deadline: nil))
    }
}

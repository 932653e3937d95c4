@testable import Numbers
import Testing

/// What the computations make of finite numbers near the largest double: a finite
/// number, or the overflow that names the computation, never `inf` or `nan`.
@Suite("Numbers past what a double holds")
struct OverflowTests {
    @Test("a sum or difference past what a double holds is its overflow; the aggregate's value is nil")
    func sumAndDifference() {
        #expect(Aggregate.sum.result(of: [1.7e308, 1.7e308]) == .failure(NumberOverflow("1.7e308 + 1.7e308")))
        #expect(Aggregate.difference.result(of: [1.7e308, -1.7e308]) == .failure(NumberOverflow("1.7e308 - -1.7e308")))
        #expect(Aggregate.sum.value(of: [1.7e308, 1.7e308]) == nil)
        #expect(Aggregate.sum.result(of: [1.7e308, nil]) == .success(nil), "unavailable, not an overflow")
        #expect("\(NumberOverflow("1.7e308 + 1.7e308"))" == "overflow: 1.7e308 + 1.7e308 is not a finite number")
    }

    @Test("a mean of finite numbers is one, between the least and the greatest")
    func mean() {
        let mean = Aggregate.mean.value(of: [1.7e308, 1.6e308, nil])
        #expect(mean.map { abs($0 - 1.65e308) <= 1e293 } == true, "\(String(describing: mean))")
        #expect(Aggregate.mean.value(of: [-1.7e308, -1.7e308]) == -1.7e308)
        #expect(Aggregate.mean.value(of: [0.1, 0.1, 0.1]) == 0.1, "rounding never takes it past the operands")
    }

    @Test("moving_average, median and exponential_moving_average of numbers near the largest double stay finite")
    func windows() throws {
        var average = try MovingAverageFilter(2)
        _ = average.receive(1.7e308, at: 0)
        guard case .value(let mean?) = average.receive(1.6e308, at: 1).emission else { Issue.record("no value"); return }
        #expect(abs(mean - 1.65e308) <= 1e293, "\(mean)")
        var median = try MedianFilter(2)
        _ = median.receive(1.7e308, at: 0)
        guard case .value(let middle?) = median.receive(1.5e308, at: 1).emission else { Issue.record("no value"); return }
        #expect(abs(middle - 1.6e308) <= 1e293, "\(middle)")
        var ema = try ExponentialMovingAverageFilter(alpha: 0.3)
        _ = ema.receive(.greatestFiniteMagnitude, at: 0)
        guard case .value(let smoothed?) = ema.receive(.greatestFiniteMagnitude, at: 1).emission else {
            Issue.record("no value")
            return
        }
        #expect(smoothed == .greatestFiniteMagnitude)
    }

    @Test("a filter whose result is not finite sends unavailable, and the chain says why; the next number passes")
    func chain() throws {
        var chain = try FilterChain([.multiply(10), .offset(1)])
        #expect(chain.receive(1.7e308, at: 0).emission == .value(nil))
        #expect(chain.overflow == NumberOverflow("1.7e308 × 10"))
        #expect(chain.receive(2, at: 1).emission == .value(21))
        #expect(chain.overflow == nil)
        var offset = try FilterChain([.offset(1e308), .median(3)])
        #expect(offset.receive(1e308, at: 0).emission == .value(nil))
        #expect(offset.overflow.map(String.init(describing:)) == "overflow: 1e308 + 1e308 is not a finite number")
    }

    @Test("a curve with a slope no double holds gives the point on it; one with ends past a double's range too")
    func steepScale() throws {
        let steep = try LinearScale(from: (0, 1e-160), to: (0, 1e160))
        #expect(steep.value(of: 0) == 0 && steep.value(of: 1e-160) == 1e160)
        let middle = try #require(steep.value(of: 5e-161))
        #expect(abs(middle - 5e159) <= 1e145, "\(middle)")
        let wide = try LinearScale(from: (-1.7e308, 1.7e308), to: (-1.7e308, 1.7e308))
        #expect(wide.value(of: 0) == 0 && wide.value(of: 1.7e308) == 1.7e308)
    }

    @Test("a rate whose product is past a double but whose value is not is that value")
    func rate() {
        var rate = PulseRate(per: 60_000_000_000)
        rate.pulse(0, at: 0)
        let update = rate.pulse(1e300, at: 60_000_000_000)
        #expect(update.rate == 1e300, "one rise of 1e300 in a minute, per minute")
    }
}

@testable import Engine
import Testing

/// `PWMRamp` as a table: the duty cycle along the line, the steps' times, the end.
@Suite("PWM ramps")
struct PWMRampTests {
    static let second: UInt64 = 1_000_000_000

    @Test("a straight line from one percentage to the other, held at both ends", arguments: [
        (0.0, 100.0), (0.5, 100.0), (1.5, 65.0), (2.0, 47.5), (2.5, 30.0), (4.0, 30.0),
    ])
    func line(at seconds: Double, percent: Double) {
        let ramp = PWMRamp(from: 100, to: 30, start: Self.second / 2, length: .seconds(2))  // 0.5 s to 2.5 s
        #expect(abs(ramp.duty(at: UInt64(seconds * 1e9)) - percent) < 1e-9, "at \(seconds) s")
    }

    @Test("steps every length / 50, at least 10 ms apart, the last one on the end; none once there")
    func steps() {
        let long = PWMRamp(from: 0, to: 100, start: 0, length: .seconds(2))
        #expect(long.interval == 40_000_000)
        #expect(long.nextStep(after: 0) == 40_000_000)
        #expect(long.nextStep(after: 39_999_999) == 40_000_000)
        #expect(long.nextStep(after: 40_000_000) == 80_000_000)
        #expect(long.nextStep(after: 1_990_000_000) == 2_000_000_000)
        #expect(long.nextStep(after: 2_000_000_000) == nil && long.hasArrived(at: 2_000_000_000))

        let short = PWMRamp(from: 0, to: 100, start: 5, length: .milliseconds(100))
        #expect(short.interval == 10_000_000, "100 ms / 50 is 2 ms: 10 ms apart instead")
        #expect(short.nextStep(after: 5) == 10_000_005)
        #expect(short.nextStep(after: 95_000_000) == 100_000_005, "the end, not past it")

        let odd = PWMRamp(from: 0, to: 100, start: 0, length: .milliseconds(25))
        #expect(odd.nextStep(after: 20_000_000) == 25_000_000, "the last step is the end")
        #expect(odd.duty(at: 25_000_000) == 100)
    }
}

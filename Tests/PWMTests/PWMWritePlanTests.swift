@testable import PWM
@testable import PWMCore
import Testing

@Suite("PWM write order")
struct PWMWritePlanTests {
    static let fresh = PWMState(period: 0, dutyCycle: 0, polarity: .normal, enabled: false)

    static func plan(_ from: PWMState, _ to: PWMState) -> [String] {
        PWMWritePlan.writes(from: from, to: to).map(\.description)
    }

    @Test("a fresh channel: the period first (the kernel refuses a duty cycle or polarity under a period of 0), enable last")
    func fromFresh() throws {
        #expect(Self.plan(Self.fresh, try PWMState(hertz: 25_000, percent: 40, inverted: true))
            == ["period 40000", "duty_cycle 16000", "polarity inversed", "enable 1"])
    }

    @Test("a shorter period than the running duty cycle: the duty cycle goes first")
    func shorterPeriod() throws {
        let running = try PWMState(hertz: 1_000, percent: 80)   // 1 ms, 0.8 ms
        #expect(Self.plan(running, try PWMState(hertz: 25_000, percent: 40)) == ["duty_cycle 16000", "period 40000"])
        #expect(Self.plan(try PWMState(hertz: 25_000, percent: 40), running) == ["period 1000000", "duty_cycle 800000"])
    }

    @Test("a polarity change disables first and enables after; turning off disables before anything else")
    func polarityAndOff() throws {
        let running = try PWMState(hertz: 25_000, percent: 40)
        #expect(Self.plan(running, try PWMState(hertz: 25_000, percent: 40, inverted: true))
            == ["enable 0", "polarity inversed", "enable 1"])
        #expect(Self.plan(running, try PWMState(hertz: 25_000, percent: 10, enabled: false))
            == ["enable 0", "duty_cycle 4000"])
    }

    @Test("the state already running needs no write; only the duty cycle moves for a new percentage")
    func nothingOrLittle() throws {
        let running = try PWMState(hertz: 25_000, percent: 40)
        #expect(Self.plan(running, running).isEmpty)
        #expect(Self.plan(running, try PWMState(hertz: 25_000, percent: 65)) == ["duty_cycle 26000"])
    }

    @Test("from every state to every state, each write is one the kernel accepts and the end is the target")
    func everyStep() throws {
        var states: [PWMState] = [Self.fresh]
        for period: UInt64 in [1, 1_000, 40_000, 1_000_000] {
            for duty in Set<UInt64>([0, 1, period / 3, period]) where duty <= period {
                for polarity in [PWMPolarity.normal, .inversed] {
                    for enabled in [false, true] {
                        states.append(PWMState(period: period, dutyCycle: duty, polarity: polarity, enabled: enabled))
                    }
                }
            }
        }
        var checked = 0
        for from in states {
            for to in states where to.period > 0 {
                var state = from
                for write in PWMWritePlan.writes(from: from, to: to) {
                    let refusal = kernelRefusal(of: write, on: state)
                    #expect(refusal == nil, "\(from) -> \(to): \(write) refused: \(refusal ?? "")")
                    state = write.applied(to: state)
                }
                #expect(state == to, "\(from) -> \(to) ended at \(state)")
                checked += 1
            }
        }
        #expect(checked > 2_000)
    }
}

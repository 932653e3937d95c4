@testable import PWM
@testable import PWMCore
import Testing

@Suite("PWM state")
struct PWMStateTests {
    @Test("a frequency and a percentage give the period and duty cycle in ns")
    func fromFrequency() throws {
        let fan = try PWMState(hertz: 25_000, percent: 40)
        #expect(fan == PWMState(period: 40_000, dutyCycle: 16_000, polarity: .normal, enabled: true))
        #expect(try PWMState(hertz: 1_000, percent: 12.5).dutyCycle == 125_000)
        // 3 kHz is 333333.3 ns: rounded to the nearest ns, and the duty cycle from that.
        let odd = try PWMState(hertz: 3_000, percent: 50)
        #expect(odd.period == 333_333)
        #expect(odd.dutyCycle == 166_667)
        #expect(try PWMState(period: 20_000_000, percent: 7.5, inverted: true)
            == PWMState(period: 20_000_000, dutyCycle: 1_500_000, polarity: .inversed, enabled: true))
    }

    @Test("percentages are clamped to 0–100; NaN, 0 Hz, a negative or infinite frequency and a 0 ns period are refused")
    func limits() throws {
        #expect(try PWMState(hertz: 1_000, percent: 130).dutyCycle == 1_000_000)
        #expect(try PWMState(hertz: 1_000, percent: -5).dutyCycle == 0)
        #expect(throws: PWMError.self) { try PWMState(hertz: 1_000, percent: .nan) }
        #expect(throws: PWMError.self) { try PWMState(hertz: 0, percent: 50) }
        #expect(throws: PWMError.self) { try PWMState(hertz: -10, percent: 50) }
        #expect(throws: PWMError.self) { try PWMState(hertz: .infinity, percent: 50) }
        #expect(throws: PWMError.self) { try PWMState(hertz: 3e9, percent: 50) }
        #expect(throws: PWMError.self) { try PWMState(period: 0, percent: 50) }
        #expect(try PWMState(hertz: 1e9, percent: 100).period == 1)
    }

    @Test("the normal-polarity equivalent of an inverted state is the rest of the period")
    func normalEquivalent() throws {
        let inverted = try PWMState(hertz: 25_000, percent: 40, inverted: true)
        #expect(inverted.normalEquivalent == PWMState(period: 40_000, dutyCycle: 24_000, polarity: .normal, enabled: true))
        let plain = try PWMState(hertz: 25_000, percent: 40)
        #expect(plain.normalEquivalent == plain)
        #expect(inverted.percent == 40)
        #expect(PWMState(period: 0, dutyCycle: 0, enabled: false).percent == nil)
    }
}

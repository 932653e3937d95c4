/// What a PWM channel runs, as the kernel's `struct pwm_state` and the channel's sysfs
/// files hold it: the period and duty cycle in nanoseconds, the polarity and whether it
/// is enabled. The same value says what a channel runs (`PWMChannel.state`) and what it
/// is asked to run (`PWMChannel.apply(_:)`).
///
/// ```swift
/// let fan = try PWMState(hertz: 25_000, percent: 40)          // period 40000, duty 16000
/// let lamp = try PWMState(period: 1_000_000, percent: 40, inverted: true)
/// lamp.polarity                                               // .inversed
/// lamp.normalEquivalent.dutyCycle                             // 600000
/// ```
public struct PWMState: Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds; 0 only for a channel never set.
    public var period: UInt64
    /// Nanoseconds, at most `period`.
    public var dutyCycle: UInt64
    public var polarity: PWMPolarity
    public var enabled: Bool

    /// A state as the files give it, unchecked: what a channel runs.
    public init(period: UInt64, dutyCycle: UInt64, polarity: PWMPolarity = .normal, enabled: Bool) {
        self.period = period
        self.dutyCycle = dutyCycle
        self.polarity = polarity
        self.enabled = enabled
    }

    /// `percent` (clamped to 0–100) of a period of `period` nanoseconds, the duty cycle
    /// rounded to the nearest nanosecond; `inverted` asks for the kernel's `inversed`
    /// polarity (the output is low for the duty cycle).
    public init(period: UInt64, percent: Double, inverted: Bool = false, enabled: Bool = true) throws(PWMError) {
        guard period > 0 else { throw .invalidSettings("a PWM period must be longer than 0 ns") }
        guard !percent.isNaN else { throw .invalidSettings("a duty cycle must be a number of percent, not NaN") }
        let clamped = min(max(percent, 0), 100)
        let duty = (Double(period) * clamped / 100).rounded()
        self.init(period: period, dutyCycle: min(UInt64(duty), period), polarity: inverted ? .inversed : .normal,
                  enabled: enabled)
    }

    /// `percent` of the period of `hertz` (rounded to the nearest nanosecond: 25 kHz is
    /// 40000 ns). A frequency above 1 GHz, or that is not a positive number, is refused.
    public init(hertz: Double, percent: Double, inverted: Bool = false, enabled: Bool = true) throws(PWMError) {
        guard hertz.isFinite, hertz > 0 else {
            throw .invalidSettings("a PWM frequency must be a positive number of Hz, not \(hertz)")
        }
        let period = (1_000_000_000 / hertz).rounded()
        guard period >= 1 else {
            throw .invalidSettings("\(hertz) Hz is a period under 1 ns: the kernel counts the period in whole ns")
        }
        guard period <= Double(UInt64.max / 2) else {
            throw .invalidSettings("\(hertz) Hz is a period longer than the kernel can hold")
        }
        try self.init(period: UInt64(period), percent: percent, inverted: inverted, enabled: enabled)
    }

    /// The duty cycle as a share of the period, in percent, as the output is high for
    /// it (an `inversed` state's low time counted out); nil for a period of 0.
    public var percent: Double? {
        guard period > 0 else { return nil }
        return Double(dutyCycle) / Double(period) * 100
    }

    /// The same waveform with `normal` polarity: the duty cycle computed as the rest of
    /// the period, for a driver that refuses `inversed`. A normal state is itself.
    public var normalEquivalent: PWMState {
        guard polarity == .inversed else { return self }
        return PWMState(period: period, dutyCycle: period - min(dutyCycle, period), polarity: .normal, enabled: enabled)
    }

    /// `period 40000 ns, duty cycle 16000 ns, inversed, enabled`.
    public var description: String {
        "period \(period) ns, duty cycle \(dutyCycle) ns, \(polarity.rawValue), \(enabled ? "enabled" : "disabled")"
    }
}

/// The writes that take a channel from what it runs to what it is asked to run, in an
/// order the kernel accepts at every step: it refuses a duty cycle longer than the
/// period, and a duty cycle or polarity while the period is 0 (a channel never set);
/// many drivers refuse a polarity change while the channel runs, so the polarity is
/// written only while it is disabled. A pure function, for tests to table.
///
/// ```swift
/// PWMWritePlan.writes(from: PWMState(period: 0, dutyCycle: 0, enabled: false),
///                     to: try PWMState(hertz: 25_000, percent: 40, inverted: true))
/// // [period 40000, duty_cycle 16000, polarity inversed, enable 1]
/// ```
public enum PWMWritePlan {
    public static func writes(from current: PWMState, to target: PWMState) -> [PWMWrite] {
        var writes: [PWMWrite] = []
        var enabled = current.enabled
        // Off first when it ends off (the new duty cycle never shows), or for a polarity.
        if enabled, !target.enabled || target.polarity != current.polarity {
            writes.append(.enable(false))
            enabled = false
        }
        // The period first unless it is shorter than the duty cycle the channel has:
        // then the new duty cycle, at most the new period, goes first.
        if target.period >= current.dutyCycle {
            if target.period != current.period { writes.append(.period(target.period)) }
            if target.dutyCycle != current.dutyCycle { writes.append(.dutyCycle(target.dutyCycle)) }
        } else {
            writes.append(.dutyCycle(target.dutyCycle))
            if target.period != current.period { writes.append(.period(target.period)) }
        }
        if target.polarity != current.polarity { writes.append(.polarity(target.polarity)) }
        if target.enabled != enabled { writes.append(.enable(target.enabled)) }
        return writes
    }
}

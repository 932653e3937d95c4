/// One write to a PWM channel's sysfs files: the file and the text it takes.
public enum PWMWrite: Hashable, Sendable, CustomStringConvertible {
    case period(UInt64)
    case dutyCycle(UInt64)
    case polarity(PWMPolarity)
    case enable(Bool)

    /// The file under `pwmN/`.
    public var attribute: String {
        switch self {
        case .period: "period"
        case .dutyCycle: "duty_cycle"
        case .polarity: "polarity"
        case .enable: "enable"
        }
    }

    /// What is written, without a newline (sysfs takes either).
    public var text: String {
        switch self {
        case .period(let nanoseconds), .dutyCycle(let nanoseconds): String(nanoseconds)
        case .polarity(let polarity): polarity.rawValue
        case .enable(let on): on ? "1" : "0"
        }
    }

    /// `duty_cycle 16000`.
    public var description: String { "\(attribute) \(text)" }
}

extension PWMWrite {
    /// `state` once this write is made.
    package func applied(to state: PWMState) -> PWMState {
        var state = state
        switch self {
        case .period(let nanoseconds): state.period = nanoseconds
        case .dutyCycle(let nanoseconds): state.dutyCycle = nanoseconds
        case .polarity(let polarity): state.polarity = polarity
        case .enable(let on): state.enabled = on
        }
        return state
    }
}

import Values

extension SetValue {
    /// What a payload on a PWM output's `/set` topic asks for: a duty cycle in percent as
    /// a decimal number (`40`, `40.5`; Home Assistant's light, fan and number send whole
    /// numbers), or `ON`, `OFF`, `TOGGLE` (`true`, `false` too) in any case, with spaces,
    /// tabs and line ends around it ignored. Nil for anything else, `PRESS` among it.
    ///
    /// `1` and `0` are percentages here, not on and off: a light dimmed to its lowest
    /// sends `1`. Whether the number is within 0 to 100 is the engine's to say.
    ///
    /// ```swift
    /// SetValue(pwmPayload: "40")       // .number(40)
    /// SetValue(pwmPayload: "OFF\n")    // .command(.off)
    /// SetValue(pwmPayload: "1")        // .number(1): 1 %
    /// SetValue(pwmPayload: "PRESS")    // nil
    /// ```
    public init?(pwmPayload payload: String) {
        switch SetValue(payload.trimmingSpacesAndLineEnds) {
        case .number(let number)?: self = .number(number)
        case .command(let command)? where command != .press: self = .command(command)
        case .command?, .cover?, .auto?, nil: return nil
        }
    }

    /// What a PWM output's `/set` takes, for the message refusing anything else.
    public static let pwmPayloads = "a percentage from 0 to 100 (e.g. 40), ON, OFF or TOGGLE"
}

import PWMCore

/// PWM controllers and outputs as a config file writes them.
extension ConfigText {
    /// `pwm 1f00098000.pwm`, `pwm pwmchip0`.
    public static func pwmChip(_ locator: PWMControllerLocator) -> String {
        "pwm \(locator)"
    }

    /// `frequency: 25kHz`, or `period: 3ms` when no short frequency has exactly that period.
    public static func pwmTiming(period: UInt64) -> String {
        FrequencyText.format(period: period).map { "frequency: \($0)" }
            ?? "period: \(duration(.nanoseconds(Int64(clamping: period))))"
    }

    /// `25%`, `47.5%`.
    public static func percent(_ value: Double) -> String {
        decimal(value) + "%"
    }

    /// The output as it would be written under `outputs:`, every setting given:
    /// `chip: pwm, channel: 2, frequency: 25kHz, follows: fan_speed, initial: 100, safe: 100, active: high`.
    public static func pwmOutput(_ output: PWMOutputDeclaration) -> String {
        var parts = ["chip: \(output.chip)", "channel: \(output.channel)", pwmTiming(period: output.period)]
        if let follows = output.follows { parts.append("follows: \(follows)") }
        if output.command { parts += ["command: true", "entity: \(output.entity.rawValue)"] }
        parts += ["initial: \(decimal(output.initial))", "safe: \(decimal(output.safe))",
                  "active: \(output.activeLow ? "low" : "high")"]
        if let ramp = output.ramp { parts.append("ramp: \(duration(ramp))") }
        return parts.joined(separator: ", ")
    }
}

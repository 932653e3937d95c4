extension Configuration {
    /// The PWM output named `name`, or nil.
    public func pwmOutput(named name: String) -> PWMOutputDeclaration? {
        pwmOutputs.first { $0.name == name }
    }

    /// The PWM controller declared as `name` under `chips:`, or nil.
    public func pwmChip(named name: String) -> PWMChipDeclaration? {
        pwmChips.first { $0.name == name }
    }

    /// Whether a reload from `previous` keeps `output`'s channel as it is: an output of
    /// that name was there on the same controller (by its `pwm:`, whatever the chip's
    /// name), channel, period and polarity. What it follows, its commands, ramp and safe
    /// value may change without letting go of the channel.
    ///
    /// ```swift
    /// next.keepsPWMChannel(of: next.pwmOutput(named: "fan")!, from: previous)
    /// ```
    public func keepsPWMChannel(of output: PWMOutputDeclaration, from previous: Configuration) -> Bool {
        guard let before = previous.pwmOutput(named: output.name),
              let chip = pwmChip(named: output.chip), let chipBefore = previous.pwmChip(named: before.chip) else {
            return false
        }
        var renamed = before
        renamed.chip = output.chip
        return chip.locator == chipBefore.locator && output.keepsChannel(from: renamed)
    }
}

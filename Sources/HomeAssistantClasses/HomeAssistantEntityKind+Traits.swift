import Values

extension HomeAssistantEntityKind {
    /// The kind of a node's entity, from its traits alone: how it may be set decides
    /// first (a `switch`, a `button`, a `number`, a PWM output's `light`, `fan` or
    /// `number`), then the form of its value (a `binary_sensor`, an `event`, a `sensor`,
    /// a `cover`). A counter is a `sensor`; its reset button is announced beside it
    /// (`resetButton`).
    ///
    /// ```swift
    /// HomeAssistantEntityKind(traits: NodeTraits(.output("heater"), form: .level, setting: .command))   // .commandOutput
    /// HomeAssistantEntityKind(traits: NodeTraits(.signal("double"), form: .momentary(presses: 2)))     // .click(count: 2)
    /// ```
    public init(traits: NodeTraits) {
        switch (traits.setting, traits.form) {
        case (.press, _): self = .pressInput
        case (.command, _): self = traits.id.kind == .output ? .commandOutput : .commandInput
        case (.number, _): self = .number
        case (.duty(let control), _): self = .pwmCommandOutput(control)
        case (_, .cover(let positioned)): self = .cover(positioned: positioned)
        case (_, .momentary(let presses)): self = .click(count: presses)
        case (_, .number): self = .sensor
        case (_, .duty): self = .pwmOutput
        case (.none, .level), (.total, .level), (.cover, .level), (.override, .level):
            switch traits.id.kind {
            case .input: self = .input
            case .signal: self = .signal
            case .output, .cover: self = .output
            }
        }
    }
}

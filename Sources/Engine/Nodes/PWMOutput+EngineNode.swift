import Config
import Values

/// A PWM output with `command: true` takes a duty cycle in percent, on, off and toggle.
/// Its value is its target duty cycle.
extension PWMOutput: EngineNode {
    var id: NodeID { .output(declaration.name) }

    func value(at now: UInt64) -> NodeValue { nodeValue }

    var recordedPrecision: Int? { PWMOutputDeclaration.precision }

    /// `.number(p)` sets p % (0 to 100), `on` the last duty cycle above 0 (100 % when
    /// there was none), `off` 0 %, `toggle` off when above 0, else on. A command holds
    /// until what the output follows next changes. Its value after is the new target (a
    /// ramp may still be on its way there).
    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        guard declaration.command else {
            throw .notSettable("'\(name)' is a PWM output that follows \(declaration.follows ?? "nothing")",
                               only: "only outputs with command: true can be set")
        }
        guard let value, let percent = percent(for: value) else {
            let shown = value.flatMap(\.number).map { DecimalText.format($0, places: PWMOutputDeclaration.precision) }
            throw SetRefusal(.value, "'\(name)' takes 0 to 100 (%), on, off or toggle, not \(shown ?? word)")
        }
        guard engine.event({ command(percent) }) != nil else { throw .notRunning }
        return .applied(.number(target, "%"), precision: PWMOutputDeclaration.precision)
    }

    /// The duty cycle `value` asks for; nil for a value it does not take.
    private func percent(for value: SetValue) -> Double? {
        switch value {
        case .number(let number): (0...100).contains(number) ? number : nil
        case .command(.on): lastAboveZero ?? 100
        case .command(.off): 0
        case .command(.toggle): target > 0 ? 0 : lastAboveZero ?? 100
        case .command(.press), .cover, .auto: nil
        }
    }
}

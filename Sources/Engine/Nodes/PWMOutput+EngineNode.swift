import Config
import Values

/// A PWM output with `command: true` takes a duty cycle in percent, on, off and toggle.
/// Its value is its target duty cycle.
extension PWMOutput: EngineNode {
    var id: NodeID { .output(declaration.name) }

    func value(at now: UInt64) -> NodeValue { nodeValue }

    var recordedPrecision: Int? { PWMOutputDeclaration.precision }

    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        guard declaration.command else { throw SetRefusal(.notSettable, PWMRefusal.takesNoCommand(declaration).message) }
        guard let value else { throw SetRefusal(.value, PWMRefusal.takes(name, not: word).message) }
        switch engine.setPWMOutput(name, value) {
        case .success(let percent)?: return .applied(.number(percent, "%"), precision: PWMOutputDeclaration.precision)
        case .failure(let refusal)?: throw SetRefusal(.value, refusal.message)
        case nil: throw .notRunning
        }
    }
}

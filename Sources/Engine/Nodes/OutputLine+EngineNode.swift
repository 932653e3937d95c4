import Values

/// An output with `command: true` takes on, off and toggle; one that only follows
/// what it follows takes nothing from outside. Its value is what is on the line.
extension OutputLine: EngineNode {
    var id: NodeID { .output(declaration.name) }

    func value(at now: UInt64) -> NodeValue { .level(written) }

    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        guard declaration.command else {
            throw .notSettable("'\(name)' is an output that follows \(declaration.follows ?? "nothing")",
                               only: "only outputs with command: true can be set")
        }
        guard let command = value?.command, command.applies(toMomentary: false) else {
            throw SetRefusal(.value, SetCommand.takes(momentary: false, name: name))
        }
        guard let level = engine.setOutput(name, command) else { throw .notRunning }
        return .applied(.level(level), precision: 0)
    }
}

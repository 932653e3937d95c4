import Values

/// A command input takes on, off and toggle; a pressed one (`command: press`) press; a
/// remote one takes its value from its topic only.
extension VirtualInput: EngineNode {
    var id: NodeID { .input(name) }

    func value(at now: UInt64) -> NodeValue { .level(value) }

    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        let momentary: Bool
        switch kind {
        case .remote: throw .notSettable("'\(name)' follows an MQTT topic")
        case .command: momentary = false
        case .press: momentary = true
        }
        guard let command = value?.command, command.applies(toMomentary: momentary) else {
            throw SetRefusal(.value, SetCommand.takes(momentary: momentary, name: name))
        }
        guard let level = engine.setInput(name, command) else { throw .notRunning }
        return .applied(.level(level), precision: 0)
    }

    /// A level from its topic, or given by hand; a pressed input holds none and stays off.
    func update(to value: NodeValue, in engine: Engine) -> NodeValue? {
        guard let level = value.level else { return nil }
        return engine.setInput(name, to: level).map(NodeValue.level)
    }
}

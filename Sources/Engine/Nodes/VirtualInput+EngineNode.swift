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
        guard engine.event({ apply(command) }) != nil else { throw .notRunning }
        return .applied(.level(self.value), precision: 0)
    }

    /// A level from its topic, or given by hand; a pressed input holds none and stays off.
    func update(to value: NodeValue, in engine: Engine) -> NodeValue? {
        guard let level = value.level else { return nil }
        guard engine.event({ apply(level ? .on : .off) }) != nil else { return nil }
        return .level(self.value)
    }

    /// Applies `command`: after a press it is off again. A command its kind does not take
    /// (`SetCommand.applies(toMomentary:)`) changes nothing.
    func apply(_ command: SetCommand) {
        switch (command, kind == .press) {
        case (.press, true): activate()
        case (.press, false), (_, true): break
        case (.on, false): update(true)
        case (.off, false): update(false)
        case (.toggle, false): update(!value)
        }
    }
}

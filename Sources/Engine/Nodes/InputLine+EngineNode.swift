import Values

/// An input on a line takes its value from the line: nothing from outside sets it (a
/// simulated one moves on its simulated chip, `gpioagg sim`).
extension InputLine: EngineNode {
    var id: NodeID { .input(declaration.name) }

    func value(at now: UInt64) -> NodeValue { .level(value) }

    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        throw .notSettable("'\(declaration.name)' is an input on a line", hint: "under --simulate, move it with gpioagg sim")
    }
}

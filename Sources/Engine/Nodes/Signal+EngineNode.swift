import Values

/// A signal follows what it is made of: nothing from outside sets it. (A counter, a
/// signal with a number, is its own node: `Counter`.)
extension Signal: EngineNode {
    var id: NodeID { .signal(declaration.name) }

    func value(at now: UInt64) -> NodeValue { .level(value) }

    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        throw Self.notSettable(declaration.name)
    }

    static func notSettable(_ name: String) -> SetRefusal {
        SetRefusal(.notSettable, "'\(name)' is a signal: it follows what it is made of; "
            + "only command inputs, counters, outputs with command: true and covers can be set")
    }
}

import Values

/// A counter takes a new total, 0 or more, from outside: counting goes on from there.
extension Counter: EngineNode {
    var id: NodeID { node.id }

    func value(at now: UInt64) -> NodeValue { node.nodeValue }

    var recordedPrecision: Int? { node.recordedPrecision }

    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        guard let total = value?.number else {
            throw SetRefusal(.value, "'\(node.name)' is a counter: write its new total, a number of 0 or more")
        }
        return try engine.applied(engine.setTotal(node.name, to: total), precision: node.precision)
    }
}

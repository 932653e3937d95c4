import Values

/// A counter takes a new total, 0 or more, from outside (`gpioagg set water 12345.6`, its
/// `/set` topic, 0 from its reset button): counting goes on from there, and its rate takes
/// no pulse from it.
extension Counter: EngineNode {
    var id: NodeID { node.id }

    func value(at now: UInt64) -> NodeValue { node.nodeValue }

    var recordedPrecision: Int? { node.recordedPrecision }

    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome {
        guard let total = value?.number else {
            throw SetRefusal(.value, "'\(node.name)' is a counter: write its new total, a number of 0 or more")
        }
        if let refusal = refusal(of: total) { throw SetRefusal(.value, refusal.description) }
        guard engine.event({ self.set(total) }) != nil else { throw .notRunning }
        return .applied(node.nodeValue, precision: node.precision)
    }

    /// Why it refuses `total` as its new total: not finite, below 0, or above
    /// `Engine.largestTotal`; nil when it takes it.
    func refusal(of total: Double) -> Engine.NumberRefusal? {
        guard total.isFinite else { return .notFinite(name: node.name, value: total) }
        guard total >= 0 else { return .negativeTotal(name: node.name, value: total, precision: node.precision) }
        guard total <= Engine.largestTotal else { return .totalTooLarge(name: node.name, value: total) }
        return nil
    }
}

import Values

/// A node of a running engine as the engine's one way in and out sees it, whatever its
/// kind: its identity, its value, the decimal places its numbers are shown with, and
/// what it does with a value from outside. Every kind implements it (`Nodes/`), and the
/// engine keeps one index of them by name (`Engine.nodes`): `Engine.set` and
/// `Engine.snapshot()` ask the node, never which kind it is.
///
/// A new node kind implements this protocol, and the front-ends (control replies, the
/// MQTT bridge, line commands and keys, test files) need no change: they parse, call
/// `Engine.set`, and render its `SetOutcome`.
///
/// Loop thread only, as the rest of the graph.
protocol EngineNode: AnyObject {
    var id: NodeID { get }

    /// Its value at `now` (a moving cover's position is reckoned then).
    func value(at now: UInt64) -> NodeValue

    /// The decimal places a snapshot records for it: nil for a level, and for a number
    /// shown with `NodeValue.defaultPrecision`.
    var recordedPrecision: Int? { get }

    /// Takes `value` (nil: `word` is no value at all) from outside, as an event of its
    /// own, now; throws what it refuses, worded for the person who asked: a node that
    /// takes no value from outside says what it is.
    func set(_ value: SetValue?, word: String, in engine: Engine) throws(SetRefusal) -> SetOutcome

    /// Takes `value` from its own source, not a command (`Engine.update`), as an event of
    /// its own, now; returns its value after, or nil when it takes no such value.
    func update(to value: NodeValue, in engine: Engine) -> NodeValue?
}

extension EngineNode {
    var name: String { id.name }
    var recordedPrecision: Int? { nil }

    /// Most nodes follow what they are made of, or their line: they take no value.
    func update(to value: NodeValue, in engine: Engine) -> NodeValue? { nil }
}

extension SetRefusal {
    /// What a node that takes no value from outside answers to every value: what it is,
    /// and what can be set.
    static func notSettable(_ what: String, only: String = "only command inputs (command: true) can be set",
                            hint: String? = nil) -> SetRefusal {
        SetRefusal(.notSettable, "\(what): \(only)", hint: hint)
    }

    static let notRunning = SetRefusal(.notRunning, "the engine is not running")
}

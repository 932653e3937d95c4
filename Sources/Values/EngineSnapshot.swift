/// The value of every input, signal, output and cover of an engine, by `NodeID` (and, by
/// kind, by name): what a status display shows, with the clock times of day follow. A level, a number with its unit, or unavailable (`NodeValue`).
///
/// Outputs are what was last written to the line (their `initial` value until the
/// graph first changes them, their `safe` value after `stop()`); a PWM output is its
/// target duty cycle in `%` (`Engine.pwmDuty` is the one its channel runs during a ramp).
///
/// ```swift
/// let snapshot = engine.snapshot()
/// snapshot.inputs["switch1"]      // Optional(.level(true))
/// snapshot.outputs["ready_led"]   // Optional(.level(false))
/// snapshot[.input("switch1")]     // Optional(.level(true))
/// ```
public struct EngineSnapshot: Hashable, Sendable {
    /// Every node's value, by its identity.
    public var values: [NodeID: NodeValue]
    /// The decimal places of each numeric node whose `precision:` is not the default
    /// (`NodeValue.defaultPrecision`).
    public var precisions: [String: Int]
    /// What the kernel's dropped events cost each input line and counter that lost any.
    public var lost: [String: LostPulses]
    /// The clock the graph's times of day follow; nil when the config has no `clock:`
    /// section and no time signal.
    public var clock: ClockStatus?
    /// Each counter with a `period:`: the period it counts and the last one's total.
    public var periods: [String: PeriodTotals] = [:]
    /// Each output with `override: true`: its mode.
    public var modes: [String: OverrideMode] = [:]

    public init(values: [NodeID: NodeValue], precisions: [String: Int] = [:], lost: [String: LostPulses] = [:]) {
        self.values = values
        self.precisions = precisions
        self.lost = lost
    }

    public init(inputs: [String: NodeValue] = [:], signals: [String: NodeValue] = [:],
                outputs: [String: NodeValue] = [:], precisions: [String: Int] = [:],
                lost: [String: LostPulses] = [:], covers: [String: NodeValue] = [:]) {
        self.init(values: [:], precisions: precisions, lost: lost)
        self.inputs = inputs
        self.signals = signals
        self.outputs = outputs
        self.covers = covers
    }

    /// The inputs' values, by name.
    public var inputs: [String: NodeValue] {
        get { values(of: .input) }
        set { replace(.input, with: newValue) }
    }

    /// The signals' values, by name.
    public var signals: [String: NodeValue] {
        get { values(of: .signal) }
        set { replace(.signal, with: newValue) }
    }

    /// The outputs' values, by name: lines' and PWM outputs'.
    public var outputs: [String: NodeValue] {
        get { values(of: .output) }
        set { replace(.output, with: newValue) }
    }

    /// Covers: their state and position (`NodeValue.cover`).
    public var covers: [String: NodeValue] {
        get { values(of: .cover) }
        set { replace(.cover, with: newValue) }
    }

    /// The value of one node; nil when the engine has no such node.
    public subscript(node: NodeID) -> NodeValue? {
        get { values[node] }
        set { values[node] = newValue }
    }

    private func values(of kind: NodeKind) -> [String: NodeValue] {
        var found: [String: NodeValue] = [:]
        for (node, value) in values where node.kind == kind { found[node.name] = value }
        return found
    }

    private mutating func replace(_ kind: NodeKind, with new: [String: NodeValue]) {
        values = values.filter { $0.key.kind != kind }
        for (name, value) in new { values[NodeID(kind, name)] = value }
    }

    /// The value of the input, signal or output named `name` (names are unique across
    /// kinds), with its kind; nil when there is none.
    public func value(named name: String) -> (node: NodeID, value: NodeValue)? {
        for kind in [NodeKind.input, .signal, .output, .cover] {
            if let value = values[NodeID(kind, name)] { return (NodeID(kind, name), value) }
        }
        return nil
    }

    /// The decimal places `name`'s numbers are shown with.
    public func precision(of name: String) -> Int {
        precisions[name] ?? NodeValue.defaultPrecision
    }
}

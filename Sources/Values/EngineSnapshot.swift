/// The value of every input, signal, output and cover of an engine, by name: what a status
/// display shows. A level, a number with its unit, or unavailable (`NodeValue`).
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
    public var inputs: [String: NodeValue]
    public var signals: [String: NodeValue]
    public var outputs: [String: NodeValue]
    /// Covers: their state and position (`NodeValue.cover`).
    public var covers: [String: NodeValue] = [:]
    /// The decimal places of each numeric node whose `precision:` is not the default
    /// (`NodeValue.defaultPrecision`).
    public var precisions: [String: Int]
    /// What the kernel's dropped events cost each input line and counter that lost any.
    public var lost: [String: LostPulses]

    public init(inputs: [String: NodeValue] = [:], signals: [String: NodeValue] = [:],
                outputs: [String: NodeValue] = [:], precisions: [String: Int] = [:],
                lost: [String: LostPulses] = [:], covers: [String: NodeValue] = [:]) {
        self.lost = lost
        self.covers = covers
        self.inputs = inputs
        self.signals = signals
        self.outputs = outputs
        self.precisions = precisions
    }

    /// The value of one node; nil when the engine has no such node.
    public subscript(node: NodeID) -> NodeValue? {
        get {
            switch node.kind {
            case .input: inputs[node.name]
            case .signal: signals[node.name]
            case .output: outputs[node.name]
            case .cover: covers[node.name]
            }
        }
        set {
            switch node.kind {
            case .input: inputs[node.name] = newValue
            case .signal: signals[node.name] = newValue
            case .output: outputs[node.name] = newValue
            case .cover: covers[node.name] = newValue
            }
        }
    }

    /// The value of the input, signal or output named `name` (names are unique across
    /// kinds), with its kind; nil when there is none.
    public func value(named name: String) -> (node: NodeID, value: NodeValue)? {
        if let value = inputs[name] { return (.input(name), value) }
        if let value = signals[name] { return (.signal(name), value) }
        if let value = outputs[name] { return (.output(name), value) }
        if let value = covers[name] { return (.cover(name), value) }
        return nil
    }

    /// The decimal places `name`'s numbers are shown with.
    public func precision(of name: String) -> Int {
        precisions[name] ?? NodeValue.defaultPrecision
    }
}

/// The logical value (`true` is on) of every input, signal and output of an engine, by
/// name: what a status display shows.
///
/// Outputs are what was last written to the line (their `initial` value until the
/// graph first changes them, their `safe` value after `stop()`).
///
/// ```swift
/// let snapshot = engine.snapshot()
/// snapshot.inputs["switch1"]      // Optional(true)
/// snapshot.outputs["ready_led"]   // Optional(false)
/// ```
public struct EngineSnapshot: Hashable, Sendable {
    public var inputs: [String: Bool]
    public var signals: [String: Bool]
    public var outputs: [String: Bool]

    public init(inputs: [String: Bool] = [:], signals: [String: Bool] = [:], outputs: [String: Bool] = [:]) {
        self.inputs = inputs
        self.signals = signals
        self.outputs = outputs
    }
}

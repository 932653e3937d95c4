/// The logical level (`true` is on) of every input, signal and output, by name: what a
/// `status` request returns.
///
/// ```swift
/// let snapshot = StatusSnapshot(inputs: ["switch1": true], signals: ["all_on": false],
///                               outputs: ["ready_led": false])
/// ```
public struct StatusSnapshot: Hashable, Sendable {
    public var inputs: [String: Bool]
    public var signals: [String: Bool]
    public var outputs: [String: Bool]

    public init(inputs: [String: Bool] = [:], signals: [String: Bool] = [:], outputs: [String: Bool] = [:]) {
        self.inputs = inputs
        self.signals = signals
        self.outputs = outputs
    }
}

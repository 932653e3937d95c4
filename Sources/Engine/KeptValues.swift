import Config

/// Values kept from an earlier run, which an engine starts from: `persist: true`
/// signals (`toggle`, `latch`) start at theirs instead of off, and `initial: restore`
/// outputs are requested at theirs instead of `initial`. Names without a kept value
/// start as if nothing was kept.
///
/// ```swift
/// engine.keptValues = KeptValues(signals: ["light": true], outputs: ["lamp": true])
/// try engine.start()
/// ```
public struct KeptValues: Hashable, Sendable {
    public var signals: [String: Bool]
    public var outputs: [String: Bool]
    /// Command inputs with `persist: true`.
    public var inputs: [String: Bool]
    /// Numeric command inputs with `persist: true`.
    public var numbers: [String: Double] = [:]
    /// Counters with `persist: true`: the total last written to the state file.
    public var totals: [String: Double] = [:]
    /// How long each output kept on had been on when it was kept (or, on a reload, until
    /// now): its `max_on` gets only what remains. An output kept on that has a `max_on`
    /// and no time here (none was recorded, or the record cannot be trusted) has none
    /// left: it starts off, held off until what it follows goes off.
    public var outputsOnFor: [String: Duration]
    /// Covers on two motors: the position (0 closed, 100 open) they were at.
    public var coverPositions: [String: Double] = [:]

    public init(signals: [String: Bool] = [:], outputs: [String: Bool] = [:], inputs: [String: Bool] = [:],
                outputsOnFor: [String: Duration] = [:]) {
        self.signals = signals
        self.outputs = outputs
        self.inputs = inputs
        self.outputsOnFor = outputsOnFor
    }
}

extension Configuration {
    /// The signals whose value is kept (`persist: true`): a `toggle`'s or `latch`'s
    /// level, a counter's total.
    public var persistentSignals: [String] { signals.filter(\.persist).map(\.name) }

    /// The command inputs whose value is kept (`persist: true`).
    public var persistentInputs: [String] { commandInputs.filter(\.persist).map(\.name) }

    /// The counters whose total is kept, with their `persist_every:`.
    public var persistentCounters: [(name: String, every: Duration)] {
        signals.compactMap { signal in
            guard signal.persist, case .count(_, let counter) = signal.expression else { return nil }
            return (signal.name, counter.persistEvery)
        }
    }

    /// The covers whose position is kept: every cover on two motors.
    public var keptCoverPositions: [String] { covers.filter(\.hasPosition).map(\.name) }

    /// The outputs whose value is kept (`initial: restore`).
    public var restoredOutputs: [String] { outputs.filter(\.restore).map(\.name) }
}

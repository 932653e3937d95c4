import Config

/// Values kept from an earlier run, which an engine starts from, by node: `persist: true`
/// signals (`toggle`, `latch`) start at their level instead of off and counters at their
/// total, `persist: true` command inputs at their level or number, `initial: restore`
/// outputs are requested at their level instead of `initial`, and covers on two motors
/// start at their position. A node without a kept value starts as if nothing was kept;
/// a value of the wrong form for the node (a number for a level) is not taken.
///
/// ```swift
/// engine.keptValues = KeptValues([.signal("light"): .on, .output("lamp"): .on])
/// try engine.start()
/// ```
public struct KeptValues: Hashable, Sendable {
    /// Each node's kept value: a level, or a number (a total, a numeric input's value, a
    /// cover's position, 0 closed to 100 open).
    public var values: [NodeID: NodeValue]
    /// How long each output kept on had been on when it was kept (or, on a reload, until
    /// now): its `max_on` gets only what remains. An output kept on that has a `max_on`
    /// and no time here (none was recorded, or the record cannot be trusted) has none
    /// left: it starts off, held off until what it follows goes off.
    public var onFor: [NodeID: Duration]
    /// Each counter with a `period:` whose total is kept: when the period its kept total
    /// counts began (seconds since 1970) and the total of the period before, if one
    /// ended. A counter whose period ended while the daemon was stopped starts the next
    /// one once the clock is trusted, with its kept total as the last period's.
    public var periods: [NodeID: KeptPeriod]
    /// Each output with `override: true` whose mode is kept: the mode it starts in.
    public var modes: [NodeID: OverrideMode] = [:]

    public init(_ values: [NodeID: NodeValue] = [:], onFor: [NodeID: Duration] = [:],
                periods: [NodeID: KeptPeriod] = [:]) {
        self.values = values
        self.onFor = onFor
        self.periods = periods
    }

    /// The kept level of `id`; nil when none is kept, or what is kept is a number.
    public func level(of id: NodeID) -> Bool? { values[id]?.level }

    /// The kept number of `id`; nil when none is kept, or what is kept is a level.
    public func number(of id: NodeID) -> Double? { values[id]?.number }
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

    /// The outputs whose mode is kept (`override: true`).
    public var overriddenOutputs: [String] { outputs.filter(\.override).map(\.name) }
}

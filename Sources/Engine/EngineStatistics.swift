/// Counters over an engine's life, for status displays, logs and `/metrics`.
///
/// Each is a plain integer the engine adds to on its loop as it works, so counting
/// costs an event nothing worth measuring. `inputEvents`, `outputWrites`, `evaluations`
/// and `transactions` are this engine's own, counted from its start; an engine that
/// replaced another (a reload) does not carry them on, and the daemon adds up those of
/// the engines it ran. `lostEventGaps` and `corrections` are its input requests', which
/// a reload hands on with the requests it keeps.
///
/// ```swift
/// let statistics = engine.statistics
/// print("\(statistics.lostEventGaps) gaps, \(statistics.corrections) levels corrected")
/// ```
public struct EngineStatistics: Hashable, Sendable {
    /// Edge events this engine read from the backend, bounces included.
    public var inputEvents = 0
    /// Times a loss of events was detected (each followed by a re-read of the lines).
    public var lostEventGaps = 0
    /// Inputs whose re-read level differed from what the events had said.
    public var corrections = 0
    /// `setValues` calls made to follow the graph (not counting the initial values at
    /// the request and the safe values at stop).
    public var outputWrites = 0
    /// Node evaluations run since the graph was built, start included: each node runs at
    /// most once per transaction, however many of its operands changed.
    public var evaluations = 0
    /// Transactions run since the engine started: each group of edges with one
    /// timestamp (a debounced change as its deadline passes), each timer of the graph,
    /// and each set from outside (a command, a sensor's reading, an MQTT message), or
    /// the one `transaction(_:)` that gathers several. A read whose edges were all held
    /// back as bounces runs none.
    public var transactions = 0

    public init() {}
}

/// Counters over an engine's life, for status displays and logs.
///
/// ```swift
/// let statistics = engine.statistics
/// print("\(statistics.lostEventGaps) gaps, \(statistics.corrections) levels corrected")
/// ```
public struct EngineStatistics: Hashable, Sendable {
    /// Edge events read from the backend.
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

    public init() {}
}

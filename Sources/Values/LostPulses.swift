/// What the kernel's dropped events cost an input line or a counter on it, since start:
/// `status` shows it under `"lost"`, `why` after the value.
///
/// ```swift
/// var lost = LostPulses()
/// lost.losses += 1     // one read showed a loss
/// lost.pulses += 3     // of which 3 pulses are proven (and were added to the total)
/// ```
public struct LostPulses: Hashable, Sendable {
    /// Times a read showed a loss on the line (each at least one edge).
    public var losses = 0
    /// Edges the kernel's sequence numbers show were dropped (libgpiod v2; 0 with v1).
    public var edges: UInt64 = 0
    /// Rising edges among them that the levels did not show: the pulses a counter added.
    public var pulses: UInt64 = 0

    public init(losses: Int = 0, edges: UInt64 = 0, pulses: UInt64 = 0) {
        self.losses = losses
        self.edges = edges
        self.pulses = pulses
    }
}

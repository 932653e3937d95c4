/// One filter as a state machine on the loop's clock: it is handed each value with the
/// time it arrived, and each deadline it asked for when that time comes, and answers
/// with what to send on and the next deadline. It reads no clock and arms no timer, so
/// the engine drives it from the loop's timers and a test from explicit times.
///
/// Unavailable (nil) is a value like any other here: each filter says what it does with
/// it.
public protocol NumberFilterStage: Sendable {
    /// The deadline it waits for; nil when nothing is pending.
    var deadline: UInt64? { get }

    /// A new value (nil: unavailable) at `now`, nanoseconds on the loop's clock.
    mutating func receive(_ value: Double?, at now: UInt64) -> FilterOutput

    /// The loop's clock reached `now`. Before `deadline` it does nothing, so a timer that
    /// fires late or for a deadline since replaced is harmless.
    mutating func deadlineFired(at now: UInt64) -> FilterOutput
}

extension NumberFilterStage {
    /// Filters without time never ask for a deadline.
    public var deadline: UInt64? { nil }

    public mutating func deadlineFired(at now: UInt64) -> FilterOutput {
        FilterOutput(.nothing, deadline: deadline)
    }
}

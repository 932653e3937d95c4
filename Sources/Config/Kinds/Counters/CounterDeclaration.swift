import Clock

/// `count: NAME` under `signals:`: a total of the operand's activations (its rising
/// edges), each worth `multiply` in the counter's unit.
///
/// ```swift
/// // water: { count: meter, multiply: 1, unit: L, reset: true, persist: true, persist_every: 5s }
/// CounterDeclaration(multiply: 1, reset: true, persistEvery: .seconds(5))
/// ```
public struct CounterDeclaration: Hashable, Sendable {
    /// What one activation adds (`multiply:`, default 1): 0.001 for an S0 meter's
    /// 1000 pulses per kWh.
    public var multiply: Double
    /// `reset: true`: Home Assistant gets a button that sets the total back to 0.
    public var reset: Bool
    /// `persist_every:` (default 1s): with `persist: true`, how often at most a changing
    /// total is written to the state file. Each write wears a flash card; a power cut
    /// loses at most the pulses of this time (and of the write's own).
    public var persistEvery: Duration
    /// `period: day|week|month|year`: the total starts again from 0 at the start of each
    /// local period (`clock.timezone`; weeks start on Monday), and the total of the period
    /// just ended is kept beside it. Nil: one total for ever.
    public var period: CalendarPeriod?

    /// The default `persist_every:`.
    public static let defaultPersistEvery = Duration.seconds(1)

    public init(multiply: Double = 1, reset: Bool = false, persistEvery: Duration = CounterDeclaration.defaultPersistEvery,
                period: CalendarPeriod? = nil) {
        self.multiply = multiply
        self.reset = reset
        self.persistEvery = persistEvery
        self.period = period
    }
}

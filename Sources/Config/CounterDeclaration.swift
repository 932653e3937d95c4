/// `count: NAME` under `signals:`: a total of the operand's activations (its rising
/// edges), each worth `multiply` in the counter's unit.
///
/// ```swift
/// // water: { count: meter, multiply: 1, unit: L, reset: true }
/// CounterDeclaration(multiply: 1, reset: true)
/// ```
public struct CounterDeclaration: Hashable, Sendable {
    /// What one activation adds (`multiply:`, default 1): 0.001 for an S0 meter's
    /// 1000 pulses per kWh.
    public var multiply: Double
    /// `reset: true`: Home Assistant gets a button that sets the total back to 0.
    public var reset: Bool

    public init(multiply: Double = 1, reset: Bool = false) {
        self.multiply = multiply
        self.reset = reset
    }
}

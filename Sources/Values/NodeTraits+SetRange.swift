extension NodeTraits {
    /// The numbers a set of this node takes: a number set by hand within its `min:`,
    /// `max:` and `step:`, a counter's new total (0 or more), a duty cycle from 0 to
    /// 100 %, a positioned cover's position from 0 to 100; nil when it takes no number.
    ///
    /// ```swift
    /// // setpoint: { command: true, type: number, min: 5, max: 30, step: 0.5 }
    /// traits.setRange   // SetRange(minimum: 5, maximum: 30, step: 0.5)
    /// ```
    public var setRange: SetRange? {
        switch setting {
        case .number:
            let number = form.number
            return SetRange(minimum: number?.minimum, maximum: number?.maximum, step: number?.step)
        case .total: return SetRange(minimum: 0, maximum: nil, step: nil)
        case .duty: return SetRange(minimum: 0, maximum: 100, step: nil)
        case .cover:
            guard case .cover(positioned: true) = form else { return nil }
            return SetRange(minimum: 0, maximum: 100, step: nil)
        case .none, .command, .press, .override: return nil
        }
    }

    /// The bounds of a number a node is set to; a nil bound is open.
    public struct SetRange: Hashable, Sendable {
        public var minimum: Double?
        public var maximum: Double?
        public var step: Double?

        public init(minimum: Double?, maximum: Double?, step: Double?) {
            self.minimum = minimum
            self.maximum = maximum
            self.step = step
        }
    }
}

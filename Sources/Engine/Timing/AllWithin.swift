/// `all: [...]` with `within: D` (a two-hand control): on only if every operand turned
/// on within D of the first one; then on while all stay on; once it is off (or the
/// attempt failed), every operand must be off before it can arm again.
///
/// No timer: whether the last operand came in time is known when it comes, from the
/// events' timestamps. At start it is armed only if every operand is off.
final class AllWithin {
    /// Where an attempt is: what a reload carries over.
    struct Phase {
        var armed: Bool
        /// When the first operand turned on since arming.
        var firstOn: UInt64?
    }

    private let window: UInt64
    private let signal: Signal
    private let propagation: Propagation
    private var armed = false
    /// When the first operand turned on since arming.
    private var firstOn: UInt64?
    private var started = false

    /// - Parameter carried: where the attempt was in the engine a reload replaces: it
    ///   goes on from there instead of waiting for every operand to be off.
    init(window: UInt64, signal: Signal, propagation: Propagation, carried: Phase? = nil) {
        self.window = window
        self.signal = signal
        self.propagation = propagation
        if let carried {
            armed = carried.armed
            firstOn = carried.firstOn
            started = true
        }
    }

    var phase: Phase { Phase(armed: armed, firstOn: firstOn) }

    /// Takes the operands' settled values: `onCount` of the `count` operands are on.
    func receive(onCount: Int, of count: Int) {
        let now = propagation.timestamp
        defer { started = true }
        if onCount == 0 {
            armed = true
            firstOn = nil
            signal.update(false)
            return
        }
        guard started, armed else {
            // Not armed (at start with an operand on, or after a round): stays off
            // until all are off.
            if onCount < count || !started { signal.update(false) }
            return
        }
        if firstOn == nil { firstOn = now }
        guard onCount == count, let firstOn else { return }
        armed = false
        signal.update(now &- firstOn <= window)
    }
}

/// The rounds of a `zip` signal: which operands have risen since the last round
/// completed.
///
/// Only an operand's first rising edge in a round reaches the `zip` operator, so each of
/// its buffers holds at most one edge: an operand that rises again and again while
/// another stays quiet fills nothing up, and "risen at least once since the last round"
/// is exactly what completes a round.
final class ZipRounds {
    private let count: Int
    /// True while operand `i` has not risen in the current round.
    private var waiting: [Bool]
    private var remaining: Int
    private let signal: Signal

    init(count: Int, signal: Signal) {
        self.count = count
        self.signal = signal
        waiting = Array(repeating: true, count: count)
        remaining = count
    }

    /// A rising edge of operand `index`: whether it counts for the current round (and so
    /// goes on to the `zip`).
    func admit(_ index: Int) -> Bool {
        guard waiting[index] else { return false }
        waiting[index] = false
        remaining -= 1
        // The first edge of a round ends the last round's `true`, unless the same edge
        // completes this round too (a single operand).
        if remaining > 0 { signal.update(false) }
        return true
    }

    /// The `zip` emitted: every operand has risen since the last round.
    func roundCompleted() {
        for index in waiting.indices { waiting[index] = true }
        remaining = count
        signal.update(true)
    }
}

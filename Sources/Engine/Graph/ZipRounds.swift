/// The rounds of a `zip` signal: true once every operand has risen at least once since
/// the last round, false again at the first rising edge of the next round. An operand
/// that rises again before the round completes counts once (no buffer grows while one
/// operand stays quiet).
///
/// The edges of one transaction count together: the signal takes one value per
/// transaction. When they start a round and complete it too (a single operand, or every
/// operand rising at once) the signal stays true.
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

    /// The operands that rose in this transaction.
    func receive(_ edges: OperandMarks) {
        var value = signal.expressionValue
        for index in 0..<count where edges.take(index) && waiting[index] {
            waiting[index] = false
            remaining -= 1
            // The first edge of a round ends the last round's `true`.
            value = false
        }
        if remaining == 0 {
            for index in waiting.indices { waiting[index] = true }
            remaining = count
            value = true
        }
        signal.update(value)
    }
}

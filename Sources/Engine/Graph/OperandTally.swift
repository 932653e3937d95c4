/// The latest value of each operand of a counting signal (`all`, `any`, `none`,
/// `at_least`), kept as a count of the true ones, so that a change costs O(1) whatever
/// the number of operands.
///
/// It holds what `combineLatest` over the operands would emit: nothing until every
/// operand has a value (`isComplete`), then the latest of each. Counting those is what
/// `allSatisfy`, `contains(true)` and their kin would do by scanning the array again on
/// every change.
///
/// Host thread only; its state is `@exclusivity(unchecked)` for the reason `Propagation`
/// gives.
///
/// ```swift
/// let tally = OperandTally(count: 3)
/// tally.set(0, true); tally.set(1, true); tally.set(2, false)
/// tally.isComplete     // true
/// tally.trueCount      // 2
/// ```
final class OperandTally {
    /// Each operand's latest value; nil until it has one.
    @exclusivity(unchecked) private var latest: [Bool?]
    /// Operands without a value yet.
    @exclusivity(unchecked) private var missing: Int
    @exclusivity(unchecked) private(set) var trueCount = 0

    init(count: Int) {
        latest = Array(repeating: nil, count: count)
        missing = count
    }

    var count: Int { latest.count }

    /// Whether every operand has a value.
    var isComplete: Bool { missing == 0 }

    /// Operand `index` now has `value`.
    @inline(__always)
    func set(_ index: Int, _ value: Bool) {
        switch latest[index] {
        case nil: missing -= 1
        case true?: trueCount -= 1
        case false?: break
        }
        latest[index] = value
        if value { trueCount += 1 }
    }
}

import Config
import GPIO
import Reactive

/// The pipeline of each signal form. Operands are the `Level`s of inputs and earlier
/// signals: each starts with its current value and sends only changes, at most one per
/// transaction (a momentary one sends its activation, on then off).
///
/// Each pipeline only notes what reached it and schedules the signal's `Evaluation`;
/// the evaluation runs once per transaction, when every node of a lower rank has
/// settled, and reads its operands' settled values. So a change that reaches a signal
/// along two paths (`a` and `not: a` feeding one `all`) is seen once, with both paths
/// new: no signal ever takes a value that no settled state gave it.
///
/// The counting forms (`all`, `any`, `none`, `at_least`) are `combineLatest` over the
/// operands, the Reactive operator over a collection: it hands over the latest of each
/// in one array without copying it (O(1) per value), and the pipeline counts the true
/// ones eight at a time (`TrueCount`), so 1,024 operands cost little more than 3.
enum SignalPipelines {
    /// `all`: true while every operand is true.
    static func all(_ operands: [Level], into signal: Signal, rank: Int, on graph: Propagation) -> AnyCancellable {
        counting(operands, into: signal, rank: rank, on: graph) { trueCount, count in trueCount == count }
    }

    /// `any`: true while at least one operand is true.
    static func any(_ operands: [Level], into signal: Signal, rank: Int, on graph: Propagation) -> AnyCancellable {
        counting(operands, into: signal, rank: rank, on: graph) { trueCount, _ in trueCount > 0 }
    }

    /// `none`: true while no operand is true.
    static func none(_ operands: [Level], into signal: Signal, rank: Int, on graph: Propagation) -> AnyCancellable {
        counting(operands, into: signal, rank: rank, on: graph) { trueCount, _ in trueCount == 0 }
    }

    /// `at_least`: true while at least `count` operands are true.
    static func atLeast(_ count: Int, of operands: [Level], into signal: Signal, rank: Int,
                        on graph: Propagation) -> AnyCancellable {
        counting(operands, into: signal, rank: rank, on: graph) { trueCount, _ in trueCount >= count }
    }

    /// A counting form: `rule(trueCount, operandCount)` over the operands' settled
    /// values, once per transaction in which any of them changed, and once at start.
    @inline(__always)
    private static func counting(_ operands: [Level], into signal: Signal, rank: Int, on graph: Propagation,
                                 _ rule: @escaping (_ trueCount: Int, _ count: Int) -> Bool) -> AnyCancellable {
        let count = operands.count
        let tally = TrueCount()
        let evaluation = Evaluation(rank: rank) { [signal, tally] in signal.update(rule(tally.trueCount, count)) }
        // Counted as the array comes (not kept: keeping it would make the next value
        // copy it); the last array of the transaction holds every operand's settled value.
        return operands.combineLatest.react { [graph, tally, evaluation] values in
            tally.count(values)
            graph.schedule(evaluation)
        }
    }

    /// `not`: the operand inverted.
    static func not(_ operand: Level, into signal: Signal, rank: Int, on graph: Propagation) -> AnyCancellable {
        let evaluation = Evaluation(rank: rank) { [signal, operand] in signal.update(!operand.value) }
        return operand.react { [graph, evaluation] _ in graph.schedule(evaluation) }
    }

    /// `toggle`: starts false (or at a kept value) and flips once in each transaction in
    /// which the operand rises or activates (its starting value is not an edge). With
    /// `reset`: off while `reset` is on (or activates), and the operand's edges are then
    /// ignored (reset wins).
    static func toggle(_ operand: Level, reset: Level?, into signal: Signal, rank: Int,
                       on graph: Propagation) -> AnyCancellable {
        let edges = OperandMarks(2)
        let evaluation = Evaluation(rank: rank) { [signal, edges] in
            let rose = edges.take(0)
            let resetRose = edges.take(1)
            if let reset, reset.value || resetRose { return signal.update(false) }
            if rose { signal.update(!signal.expressionValue) }
        }
        let flips = marking(risingEdges(of: operand), edges, 0, evaluation, on: graph)
        guard let reset else { return flips }
        let resetting = watching(reset, edges, 1, evaluation, on: graph)
        return AnyCancellable { flips.cancel(); resetting.cancel() }
    }

    /// `latch`: a set-reset latch on levels (IEC 61131-3's RS, or SR with
    /// `dominant: set`). On while `set` is on and `reset` off; off while `reset` is on
    /// and `set` off; as it was while both are off; while both are on, `dominant` wins.
    /// An activation of a momentary `set` or `reset` counts as on for its transaction.
    /// Evaluated at start like any node: a `set` on at start turns it on.
    static func latch(set: Level, reset: Level, dominant: LatchDominance, into signal: Signal, rank: Int,
                      on graph: Propagation) -> AnyCancellable {
        let edges = OperandMarks(2)
        let evaluation = Evaluation(rank: rank) { [signal, edges, set, reset] in
            let setting = edges.take(0) || set.value
            let resetting = edges.take(1) || reset.value
            switch (setting, resetting) {
            case (true, false): signal.update(true)
            case (false, true): signal.update(false)
            case (true, true): signal.update(dominant == .set)
            case (false, false): break
            }
        }
        let setting = watching(set, edges, 0, evaluation, on: graph)
        let resetting = watching(reset, edges, 1, evaluation, on: graph)
        return AnyCancellable { setting.cancel(); resetting.cancel() }
    }

    /// `all` with `within`: see `AllWithin`, given how many of the operands are on,
    /// counted as the counting forms count them.
    static func all(_ operands: [Level], within rule: AllWithin, rank: Int, on graph: Propagation) -> AnyCancellable {
        let count = operands.count
        let tally = TrueCount()
        let evaluation = Evaluation(rank: rank) { [rule, tally] in rule.receive(onCount: tally.trueCount, of: count) }
        return operands.combineLatest.react { [graph, tally, evaluation] values in
            tally.count(values)
            graph.schedule(evaluation)
        }
    }

    /// `click`: see `ClickDetector`. Its one operand's changes, each timed, as they come
    /// (one per transaction).
    static func click(_ operand: Level, detector: ClickDetector) -> AnyCancellable {
        operand.dropFirst().react { detector.receive($0) }
    }

    /// `sample`: starts false; in a transaction in which `trigger` rises (or
    /// activates), takes `value`'s settled value (`withLatestFrom`, read once the
    /// transaction has settled `value`).
    static func sample(_ value: Level, on trigger: Level, into signal: Signal, rank: Int,
                       on graph: Propagation) -> AnyCancellable {
        let evaluation = Evaluation(rank: rank) { [signal, value] in signal.update(value.value) }
        return risingEdges(of: trigger).react { [graph, evaluation] _ in graph.schedule(evaluation) }
    }

    /// `zip`: starts false; true once every operand has risen at least once since the
    /// last round (see `ZipRounds`), false again at the first rising edge of the next
    /// round. The edges of one transaction count together.
    static func zip(_ operands: [Level], into signal: Signal, rank: Int, on graph: Propagation) -> AnyCancellable {
        let rounds = ZipRounds(count: operands.count, signal: signal)
        let edges = OperandMarks(operands.count)
        let evaluation = Evaluation(rank: rank) { [rounds, edges] in rounds.receive(edges) }
        let marks = operands.enumerated().map { index, operand in
            marking(risingEdges(of: operand), edges, index, evaluation, on: graph)
        }
        return AnyCancellable { for mark in marks { mark.cancel() } }
    }

    /// Changes from false to true after the starting value (`level` sends only changes,
    /// so every `true` after the first value is one).
    static func risingEdges(of level: Level) -> Publishers.Filter<Publishers.Drop<Level>> {
        level.dropFirst().filter { $0 }
    }

    /// Schedules `evaluation` at each value of `level` (its starting value too: a node
    /// that reads the level is evaluated at start), and marks operand `index` at each
    /// rise after the starting value: one reaction per operand for the nodes that read
    /// both a level and its edges (a latch, a toggle's reset).
    private static func watching(_ level: Level, _ marks: OperandMarks, _ index: Int,
                                 _ evaluation: Evaluation, on graph: Propagation) -> AnyCancellable {
        var started = false
        return level.react { [graph, marks, evaluation] value in
            if started, value { marks.mark(index) }
            started = true
            graph.schedule(evaluation)
        }
    }

    /// Marks edge `index` and schedules `evaluation` at each value of `edges`.
    private static func marking(_ edges: Publishers.Filter<Publishers.Drop<Level>>, _ marks: OperandMarks, _ index: Int,
                                _ evaluation: Evaluation, on graph: Propagation) -> AnyCancellable {
        edges.react { [graph, marks, evaluation] _ in
            marks.mark(index)
            graph.schedule(evaluation)
        }
    }
}

/// How many of a counting form's operands are true, as of the last array its
/// `combineLatest` delivered.
final class TrueCount {
    @exclusivity(unchecked) private(set) var trueCount = 0

    /// Counts the true values eight at a time: a `Bool` is one byte, 0 or 1, so the sum
    /// of eight is the top byte of their word times 0x0101010101010101.
    @inline(__always)
    func count(_ values: [Bool]) {
        trueCount = values.withUnsafeBytes { bytes in
            var total = 0
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                total &+= Int(truncatingIfNeeded: (word &* 0x0101_0101_0101_0101) >> 56)
                offset += 8
            }
            while offset < bytes.count {
                total &+= Int(bytes[offset])
                offset += 1
            }
            return total
        }
    }
}

/// Which operands of a node rose (or activated, or changed: what the node marks) in the
/// transaction under way: marked as they arrive, taken (and cleared) by the node's
/// evaluation.
final class OperandMarks {
    @exclusivity(unchecked) private var marks: [Bool]

    init(_ count: Int) {
        marks = Array(repeating: false, count: count)
    }

    @inline(__always)
    func mark(_ index: Int) { marks[index] = true }

    /// Whether operand `index` rose since the last take; clears it.
    @inline(__always)
    func take(_ index: Int) -> Bool {
        let marked = marks[index]
        marks[index] = false
        return marked
    }
}

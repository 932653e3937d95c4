import GPIO
import Reactive

/// The pipeline of each signal form, ending in the signal's `update` (which sends only
/// changes, so no `removeDuplicates` is needed). Operands are the `Level`s of inputs
/// and earlier signals: each starts with its current value and sends only changes.
///
/// The pipelines' types are concrete, so the value path from an operand to the signal
/// runs as specialised code.
///
/// The counting forms (`all`, `any`, `none`, `at_least`) are `combineLatest` over the
/// operands, the Reactive operator over a collection: it delivers nothing until every
/// operand has a value, then the latest of each on every change, and the form's rule
/// counts the true ones (a scan of the operands, a few nanoseconds each: 1,024 operands
/// cost about twice what 3 do, per event).
enum SignalPipelines {
    /// `all`: true while every operand is true.
    static func all(_ operands: [Level], into signal: Signal) -> AnyCancellable {
        counting(operands, into: signal) { trueCount, count in trueCount == count }
    }

    /// `any`: true while at least one operand is true.
    static func any(_ operands: [Level], into signal: Signal) -> AnyCancellable {
        counting(operands, into: signal) { trueCount, _ in trueCount > 0 }
    }

    /// `none`: true while no operand is true.
    static func none(_ operands: [Level], into signal: Signal) -> AnyCancellable {
        counting(operands, into: signal) { trueCount, _ in trueCount == 0 }
    }

    /// `at_least`: true while at least `count` operands are true.
    static func atLeast(_ count: Int, of operands: [Level], into signal: Signal) -> AnyCancellable {
        counting(operands, into: signal) { trueCount, _ in trueCount >= count }
    }

    /// A counting form: `rule(trueCount, operandCount)` each time an operand changes,
    /// once every operand has a value.
    @inline(__always)
    private static func counting(_ operands: [Level], into signal: Signal,
                                 _ rule: @escaping (_ trueCount: Int, _ count: Int) -> Bool) -> AnyCancellable {
        let count = operands.count
        return operands.combineLatest.react { [signal] values in
            var trueCount = 0
            for value in values where value { trueCount += 1 }
            signal.update(rule(trueCount, count))
        }
    }

    /// `not`: the operand inverted.
    static func not(_ operand: Level, into signal: Signal) -> AnyCancellable {
        operand.react { [signal] in signal.update(!$0) }
    }

    /// `toggle`: starts false (or `start`, a kept value) and flips on each rising edge
    /// of the operand (its starting value is not an edge).
    static func toggle(_ operand: Level, into signal: Signal) -> AnyCancellable {
        risingEdges(of: operand)
            .react { [signal] _ in signal.update(!signal.expressionValue) }
    }

    /// `toggle` with `reset`: while `reset` is on the signal is off and the operand's
    /// edges are ignored (reset wins).
    static func toggle(_ operand: Level, reset: Level, into signal: Signal) -> AnyCancellable {
        let resetting = reset.react { [signal] on in
            if on { signal.update(false) }
        }
        let flips = risingEdges(of: operand).react { [signal, reset] _ in
            if !reset.value { signal.update(!signal.expressionValue) }
        }
        return AnyCancellable { resetting.cancel(); flips.cancel() }
    }

    /// `latch`: on at each rising edge of `set`, off while `reset` is on; while `reset`
    /// is on, `set` is ignored (reset wins). Starts off (or at a kept value), and off
    /// if `reset` is on at start.
    static func latch(set: Level, reset: Level, into signal: Signal) -> AnyCancellable {
        let resetting = reset.react { [signal] on in
            if on { signal.update(false) }
        }
        let setting = risingEdges(of: set).react { [signal, reset] _ in
            if !reset.value { signal.update(true) }
        }
        return AnyCancellable { resetting.cancel(); setting.cancel() }
    }

    /// `all` with `within`: see `AllWithin`.
    static func all(_ operands: [Level], within rule: AllWithin) -> AnyCancellable {
        operands.combineLatest.react { rule.receive($0) }
    }

    /// `click`: see `ClickDetector`.
    static func click(_ operand: Level, detector: ClickDetector) -> AnyCancellable {
        operand.dropFirst().react { detector.receive($0) }
    }

    /// `sample`: starts false; on each rising edge of `trigger`, takes `value`'s current
    /// value (`withLatestFrom`).
    static func sample(_ value: Level, on trigger: Level, into signal: Signal) -> AnyCancellable {
        risingEdges(of: trigger)
            .withLatestFrom(value)
            .react { [signal] _, sampled in signal.update(sampled) }
    }

    /// `zip`: starts false; true once every operand has risen at least once since the
    /// last round (`zip` over the operands' rising edges, see `ZipRounds`), false again
    /// at the first rising edge of the next round.
    static func zip(_ operands: [Level], into signal: Signal) -> AnyCancellable {
        let rounds = ZipRounds(count: operands.count, signal: signal)
        let firstEdgesOfRound = operands.enumerated().map { index, operand in
            risingEdges(of: operand).filter { _ in rounds.admit(index) }
        }
        return firstEdgesOfRound.zip.react { _ in rounds.roundCompleted() }
    }

    /// Changes from false to true after the starting value (`level` sends only changes,
    /// so every `true` after the first value is one).
    static func risingEdges(of level: Level) -> Publishers.Filter<Publishers.Drop<Level>> {
        level.dropFirst().filter { $0 }
    }
}

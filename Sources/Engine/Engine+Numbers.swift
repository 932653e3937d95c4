import Config
import Numbers
import Reactive
import Values

extension Engine {
    /// A numeric input or signal, kept among the engine's numbers.
    func numberNode(_ id: NodeID, value: Double?, number: NumberDeclaration, changedAt: UInt64?,
                    at location: SourceLocation) throws(EngineError) -> NumberNode {
        let node: NumberNode
        do {
            node = try NumberNode(id, value: value, number: number, changedAt: changedAt, propagation: propagation,
                                  timers: timers)
        } catch {
            throw EngineError(.configuration("\(id): \(error)"), at: location)
        }
        numbers.append(node)
        return node
    }

    /// `mean`, `min`, `max`, `sum` and `difference`: `combineLatest` over the operands'
    /// numbers, folded by `Numbers.Aggregate`, into the node (through its filters).
    func numberPipeline(for declaration: SignalDeclaration, into node: NumberNode,
                        numbers: [String: NumberNode]) throws(EngineError) -> AnyCancellable {
        let aggregate: Aggregate
        switch declaration.expression {
        case .aggregate(let kind, _): aggregate = Aggregate(rawValue: kind.rawValue) ?? .mean
        case .difference: aggregate = .difference
        default:
            throw EngineError(.configuration("signal '\(declaration.name)' is a level, not a number"),
                              at: declaration.location)
        }
        let operands = try numberOperands(declaration.expression.operands, of: declaration, numbers: numbers)
        let cells = operands.map(\.cell)
        let evaluation = Evaluation(rank: propagation.rank()) { [node] in
            node.propose(aggregate.result(of: cells.map(\.value)))
        }
        return cells.combineLatest.react { [propagation, evaluation] _ in propagation.schedule(evaluation) }
    }

    /// `threshold:`: the operand's number (and a set point's) into a `ThresholdRule`,
    /// which sets the signal's level.
    ///
    /// - Parameter carried: the level the threshold had from a value, in the engine a
    ///   reload replaces.
    func thresholdPipeline(_ threshold: ThresholdDeclaration, of operand: String, declaration: SignalDeclaration,
                           into signal: Signal, carried: Bool?,
                           numbers: [String: NumberNode]) throws(EngineError) -> AnyCancellable {
        let operands = try numberOperands(declaration.expression.operands, of: declaration, numbers: numbers)
        let rule: ThresholdRule
        do {
            rule = try ThresholdRule(threshold, operand: operands[0], signal: signal, carried: carried,
                                     propagation: propagation, logger: logger)
        } catch {
            throw EngineError(.configuration("signal '\(declaration.name)': \(error)"), at: declaration.location)
        }
        signal.threshold = rule
        // What changed in the transaction: the operand (0), the bound (1).
        let changed = OperandMarks(2)
        let value = operands[0].cell
        let bound = operands.count > 1 ? operands[1].cell : nil
        let evaluation = Evaluation(rank: propagation.rank()) { [rule, changed] in
            let boundChanged = changed.take(1)
            let valueChanged = changed.take(0)
            rule.evaluate(bound: boundChanged ? .some(bound?.value ?? nil) : .none,
                          value: valueChanged ? .some(value.value) : .none)
        }
        let bounds = bound?.react { [propagation, changed, evaluation] _ in
            changed.mark(1)
            propagation.schedule(evaluation)
        }
        let values = value.react { [propagation, changed, evaluation] _ in
            changed.mark(0)
            propagation.schedule(evaluation)
        }
        return AnyCancellable { bounds?.cancel(); values.cancel() }
    }

    /// `unavailable:`: on while the operand's number is unavailable, evaluated once per
    /// transaction in which it changed, and at start.
    func unavailablePipeline(of operand: String, declaration: SignalDeclaration, into signal: Signal,
                             numbers: [String: NumberNode]) throws(EngineError) -> AnyCancellable {
        let cell = try numberOperands([operand], of: declaration, numbers: numbers)[0].cell
        let evaluation = Evaluation(rank: propagation.rank()) { [signal, cell] in signal.update(cell.value == nil) }
        return cell.react { [propagation, evaluation] _ in propagation.schedule(evaluation) }
    }

    /// `count:`: each rising edge of the operand's level (an activation of a momentary
    /// signal too) is a pulse of the counter.
    func counterPipeline(_ declaration: CounterDeclaration, of operand: String, declaration signal: SignalDeclaration,
                         into node: NumberNode, total: Double, pulses: UInt64,
                         carriedPeriod: (start: Int64?, last: Double?)? = nil,
                         levels: [String: Level]) throws(EngineError) -> AnyCancellable {
        guard let level = levels[operand] else {
            throw EngineError(.configuration(
                "signal '\(signal.name)' counts '\(operand)', which is not an input or a signal declared before it"),
                at: signal.location)
        }
        let counter = Counter(declaration, of: operand, node: node, total: total, pulses: pulses,
                              propagation: propagation)
        counters[signal.name] = counter
        if let period = declaration.period {
            if let carried = carriedPeriod { counter.resumePeriod(start: carried.start, last: carried.last) }
            node.periodTotals = { [weak counter] in counter?.periodTotals }
            counter.period = timeSignals().addPeriod(period, of: counter)
        }
        return SignalPipelines.risingEdges(of: level).react { [counter] _ in counter.pulse() }
    }

    /// `rate:`: a counter's pulses, or another number's changes, into a `RateRule`.
    func ratePipeline(_ declaration: RateDeclaration, of operand: String, declaration signal: SignalDeclaration,
                      into node: NumberNode, carried: RateRule.State?,
                      numbers: [String: NumberNode]) throws(EngineError) -> AnyCancellable {
        let operands = try numberOperands([operand], of: signal, numbers: numbers)
        let rule = RateRule(declaration, of: operand, node: node, propagation: propagation, timers: timers,
                            carried: carried)
        rates[signal.name] = rule
        if carried != nil { rule.resume(at: loop.now) }
        if let counter = counters[operand] {
            counter.observePulses { [rule] increase, time in rule.pulse(increase, at: time) }
            return AnyCancellable {}
        }
        return operands[0].cell.react { [rule] in rule.receive(value: $0) }
    }

    /// `scale:`: the operand's number along the curve of a `ScaleRule`, into the node.
    func scalePipeline(_ declaration: ScaleDeclaration, of operand: String, declaration signal: SignalDeclaration,
                       into node: NumberNode, numbers: [String: NumberNode]) throws(EngineError) -> AnyCancellable {
        let operands = try numberOperands([operand], of: signal, numbers: numbers)
        let rule: ScaleRule
        do {
            rule = try ScaleRule(declaration, operand: operands[0], node: node)
        } catch {
            throw EngineError(.configuration("signal '\(signal.name)': \(error)"), at: signal.location)
        }
        scales[signal.name] = rule
        return operands[0].cell.react { [rule] in rule.receive($0) }
    }

    private func numberOperands(_ names: [String], of declaration: SignalDeclaration,
                                numbers: [String: NumberNode]) throws(EngineError) -> [NumberNode] {
        var operands: [NumberNode] = []
        for name in names {
            guard let node = numbers[name] else {
                throw EngineError(.configuration(
                    "signal '\(declaration.name)' uses '\(name)', which is not a number declared before it"),
                    at: declaration.location)
            }
            operands.append(node)
        }
        return operands
    }
}

extension Engine {
    /// Why a number cannot be set: what `gpioagg set`, `sim set` and a `/set` payload
    /// answer.
    public enum NumberRefusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// A counter's total set below 0.
        case negativeTotal(name: String, value: Double, precision: Int)
        /// Below `min:` or above `max:` of a command input.
        case outOfRange(name: String, value: Double, minimum: Double?, maximum: Double?, precision: Int)
        /// `inf` or `nan`: what no front-end should let through (`DecimalText` refuses
        /// them), refused here too.
        case notFinite(name: String, value: Double)
        /// A counter's total above `Engine.largestTotal`, beyond which a double does not
        /// count in ones.
        case totalTooLarge(name: String, value: Double)

        public var description: String {
            switch self {
            case .negativeTotal(let name, let value, let precision):
                return "\(DecimalText.format(value, places: precision)) is below 0, and '\(name)' is a total: 0 or more"
            case .outOfRange(let name, let value, let minimum, let maximum, let precision):
                func shown(_ number: Double) -> String { DecimalText.format(number, places: precision) }
                let range = switch (minimum, maximum) {
                case (let low?, let high?): "\(shown(low)) to \(shown(high))"
                case (let low?, nil): "at least \(shown(low))"
                case (nil, let high?): "at most \(shown(high))"
                case (nil, nil): "any number"
                }
                return "\(shown(value)) is outside what '\(name)' takes: \(range)"
            case .notFinite(let name, let value):
                return "\(DecimalText.shortest(value)) is not a finite number: '\(name)' takes a decimal number"
            case .totalTooLarge(let name, let value):
                return "\(DecimalText.shortest(value)) is above \(DecimalText.shortest(Engine.largestTotal)) (2^53), "
                    + "the largest total '\(name)' counts exactly: give that or less"
            }
        }
    }
}

extension Engine {
    /// The largest total a command may set on a counter: 2^53, up to which a double
    /// holds every whole number, so that each pulse of 1 still counts.
    public static let largestTotal: Double = 9_007_199_254_740_992
}

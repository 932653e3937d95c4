import Config
import Reactive

extension Engine {
    /// Builds the signals in the configuration's order (each after what it uses), the
    /// covers, then binds every output to what it follows (or the cover that drives it). The graph settles as it is built: each
    /// pipeline takes its operands' current values on subscription.
    ///
    /// - Parameter carried: on a reload, the state of the nodes the previous engine
    ///   declared the same way; it comes before kept values and `initial`.
    func buildGraph(carrying carried: CarriedState) throws(EngineError) {
        clockTrustedBefore = carried.clockTrusted
        var levels: [String: Level] = [:]
        for input in inputs { levels[input.name] = input.level }
        var numberNodes: [String: NumberNode] = [:]
        for declaration in configuration.commandInputs {
            if let number = declaration.number {
                let previous = carried.numbers[declaration.name]
                let kept = declaration.persist ? keptValues.number(of: .input(declaration.name)) : nil
                let node = try numberNode(.input(declaration.name), value: previous.map(\.value) ?? kept ?? number.initial,
                                          number: number.number, changedAt: previous?.changedAt,
                                          at: declaration.location)
                node.origin = .command(number)
                numberNodes[declaration.name] = node
                continue
            }
            let kept = declaration.persist ? keptValues.level(of: .input(declaration.name)) : nil
            let previous = carried.inputs[declaration.name]
            let input = VirtualInput(name: declaration.name, kind: declaration.momentary ? .press : .command,
                                     value: declaration.momentary ? false : previous?.value ?? kept ?? declaration.initial,
                                     changedAt: previous?.changedAt, propagation: propagation)
            virtualInputs.append(input)
            levels[input.name] = input.level
        }
        for declaration in configuration.remoteInputs {
            if let number = declaration.number {
                let previous = carried.numbers[declaration.name]
                let node = try numberNode(.input(declaration.name), value: previous.map(\.value) ?? number.fallback,
                                          number: number.number, changedAt: previous?.changedAt,
                                          at: declaration.location)
                node.origin = .remote
                numberNodes[declaration.name] = node
                continue
            }
            let previous = carried.inputs[declaration.name]
            let input = VirtualInput(name: declaration.name, kind: .remote(topic: declaration.topic),
                                     value: previous?.value ?? declaration.fallback, changedAt: previous?.changedAt,
                                     propagation: propagation)
            virtualInputs.append(input)
            levels[input.name] = input.level
        }
        // A sensor input is unavailable (or `initial:`) until its first reading.
        for declaration in configuration.sensorInputs {
            let previous = carried.numbers[declaration.name]
            let node = try numberNode(
                .input(declaration.name), value: previous.map(\.value) ?? declaration.initial,
                number: declaration.number, changedAt: previous?.changedAt, at: declaration.location)
            node.origin = .sensor(declaration)
            numberNodes[declaration.name] = node
        }
        for declaration in configuration.signals {
            if let number = declaration.number {
                let previous = carried.numbers[declaration.name]
                switch declaration.expression {
                case .count(let operand, let counter):
                    // A total starts where the engine a reload replaces left it, else at
                    // the kept total (persist: true), else at 0.
                    let carriedCounter = carried.counters[declaration.name]
                    let kept = declaration.persist ? keptValues.number(of: .signal(declaration.name)) : nil
                    let total = carriedCounter?.total ?? kept ?? 0
                    let node = try numberNode(.signal(declaration.name), value: total, number: number,
                                              changedAt: previous?.changedAt, at: declaration.location)
                    cancellables.append(try counterPipeline(counter, of: operand, declaration: declaration, into: node,
                                                            total: total, pulses: carriedCounter?.pulses ?? 0,
                                                            carriedPeriod: carriedCounter == nil
                                                                ? declaration.persist
                                                                    ? keptValues.periods[.signal(declaration.name)]
                                                                        .map { (Optional($0.start), $0.last) }
                                                                    : nil
                                                                : carried.periods[declaration.name],
                                                            levels: levels))
                    numberNodes[declaration.name] = node
                case .rate(let operand, let rate):
                    // A rate declared the same way goes on from the engine a reload replaces.
                    let carriedRate = carried.rates[declaration.name]
                    let node = try numberNode(.signal(declaration.name),
                                              value: carriedRate.flatMap { _ in previous?.value } ?? 0, number: number,
                                              changedAt: carriedRate.flatMap { _ in previous?.changedAt },
                                              at: declaration.location)
                    cancellables.append(try ratePipeline(rate, of: operand, declaration: declaration, into: node,
                                                         carried: carriedRate, numbers: numberNodes))
                    numberNodes[declaration.name] = node
                case .scale(let operand, let scale):
                    let node = try numberNode(.signal(declaration.name), value: previous.map(\.value) ?? nil,
                                              number: number, changedAt: previous?.changedAt, at: declaration.location)
                    cancellables.append(try scalePipeline(scale, of: operand, declaration: declaration, into: node,
                                                          numbers: numberNodes))
                    numberNodes[declaration.name] = node
                default:
                    let node = try numberNode(.signal(declaration.name), value: previous.map(\.value) ?? nil,
                                              number: number, changedAt: previous?.changedAt, at: declaration.location)
                    cancellables.append(try numberPipeline(for: declaration, into: node, numbers: numberNodes))
                    numberNodes[declaration.name] = node
                }
                propagation.settle()
                continue
            }
            let kept = declaration.persist ? keptValues.level(of: .signal(declaration.name)) ?? false : false
            let signal = Signal(declaration: declaration, value: kept, carried: carried.signals[declaration.name],
                                propagation: propagation, timers: timers)
            if case .threshold(let operand, let threshold) = declaration.expression {
                let carriedLevel = carried.signals[declaration.name].flatMap { $0.thresholdDecided ? $0.expressionValue : nil }
                cancellables.append(try thresholdPipeline(threshold, of: operand, declaration: declaration, into: signal,
                                                          carried: carriedLevel, numbers: numberNodes))
            } else if case .between(let window, let fallback) = declaration.expression {
                timeSignals().addWindow(window, fallback: fallback, into: signal)
            } else if case .at(let moment) = declaration.expression {
                timeSignals().addMoment(moment, into: signal)
            } else if case .unavailable(let operand) = declaration.expression {
                cancellables.append(try unavailablePipeline(of: operand, declaration: declaration, into: signal,
                                                            numbers: numberNodes))
            } else {
                cancellables.append(try pipeline(for: declaration, into: signal, levels: levels,
                                                 within: carried.signals[declaration.name]?.within))
            }
            signals.append(signal)
            levels[declaration.name] = signal.level
            // Settled before anything later subscribes: its value at start is its first
            // value, not an edge.
            propagation.settle()
        }
        for declaration in configuration.interlocks {
            let interlock = Interlock(declaration: declaration, propagation: propagation, timers: timers, logger: logger)
            interlocks.append(interlock)
            for name in declaration.outputs {
                if let output = outputs.first(where: { $0.name == name }) { interlock.add(output) }
            }
            interlock.settle()
        }
        var coverDrives: [String: Level] = [:]
        for declaration in configuration.covers {
            let closed = declaration.closed.flatMap { levels[$0] }
            let open = declaration.open.flatMap { levels[$0] }
            let position = carried.coverPositions[declaration.name] ?? keptValues.number(of: .cover(declaration.name))
            var relayPulse: Duration?
            if case .relay(let relay) = declaration.drive {
                relayPulse = configuration.outputs.first { $0.name == relay }?.pulse
            }
            let cover = CoverNode(declaration: declaration, closed: closed, open: open, position: position,
                                  released: carried.coverReleases[declaration.name], relayPulse: relayPulse,
                                  carried: carried.covers[declaration.name], now: propagation.timestamp,
                                  propagation: propagation, timers: timers, logger: logger)
            cancellables += cover.attach(closed: closed, open: open)
            covers.append(cover)
            coverDrives.merge(cover.drives) { first, _ in first }
        }
        for output in outputs {
            // What the output shows: what it follows, or the level its cover drives.
            var followed: Level? = coverDrives[output.name]
            if let follows = output.declaration.follows {
                guard let level = levels[follows] else {
                    throw EngineError(.configuration(
                        "output '\(output.name)' follows '\(follows)', which is not an input or a signal"),
                        at: output.declaration.location)
                }
                followed = level
            }
            // The writer first, so that the value the binding sends on subscription
            // reaches it. The binding is the output's one subscription: its consumer hands
            // each value to the propagation itself.
            output.propagation = propagation
            let timing = carried.outputs[output.name]
            var source: Level
            if output.declaration.command {
                // What holds at start: the command the engine a reload replaces held, else
                // the kept value (`initial: restore`), else, with nothing to follow,
                // `initial`; with `follows` and none of those, what it follows.
                let held = timing?.command ?? restoredLevel(of: output.declaration)
                    ?? (followed == nil ? output.declaration.initial : nil)
                let command = OutputCommand(holding: held, retriggers: output.declaration.pulse != nil)
                if let followed { cancellables.append(command.attach(to: followed)) }
                output.command = command
                source = command.level
            } else if let followed, output.declaration.override {
                // The mode the engine a reload replaces had, else the kept one, else auto.
                let override = OutputOverride(mode: timing?.override?.mode ?? keptValues.modes[.output(output.name)] ?? .auto,
                                              chosenAt: timing?.override?.chosenAt)
                cancellables.append(override.attach(to: followed))
                output.override = override
                source = override.level
            } else if let followed {
                source = followed
            } else {
                throw EngineError(.configuration("output '\(output.name)' follows nothing and takes no command"),
                                  at: output.declaration.location)
            }
            if let length = output.declaration.pulse {
                let pulse = OutputPulse(length: length, propagation: propagation, timers: timers,
                                        carriedEnd: timing?.pulseEnd)
                cancellables.append(pulse.attach(to: source))
                output.pulse = pulse
                source = pulse.level
            }
            if let limit = output.declaration.maxOn {
                let maxOn = OutputMaxOn(limit: limit, propagation: propagation, timers: timers,
                                        phase: timing?.maxOn ?? restoredMaxOn(output.declaration))
                cancellables.append(maxOn.attach(to: source))
                output.maxOn = maxOn
                source = maxOn.level
            }
            cancellables.append(source.bind(to: output.level))
        }
        try bindPWMOutputs(levels: levels, numbers: numberNodes)
        indexNodes()
    }

    /// The graph's times of day, made with the first of them.
    func timeSignals() -> TimeSignals {
        if let time { return time }
        let made = TimeSignals(clock: configuration.clock, trusted: clockTrustedBefore, loop: loop, timers: timers,
                               logger: logger)
        timers.register(made)
        time = made
        return made
    }

    /// Every node by name, for `set` and `snapshot()`: a number's node stands for its
    /// name, and a counter for its number.
    private func indexNodes() {
        var index: [String: any EngineNode] = [:]
        func add(_ nodes: some Sequence<some EngineNode>) {
            for node in nodes { index[node.name] = node }
        }
        add(inputs)
        add(virtualInputs)
        add(signals)
        add(numbers)
        add(counters.values)
        add(outputs)
        add(pwmOutputs)
        add(covers)
        nodes = index
    }

    private func pipeline(for declaration: SignalDeclaration, into signal: Signal, levels: [String: Level],
                          within phase: AllWithin.Phase?) throws(EngineError) -> AnyCancellable {
        var operands: [Level] = []
        for name in declaration.expression.operands {
            guard let level = levels[name] else {
                throw EngineError(.configuration(
                    "signal '\(declaration.name)' uses '\(name)', which is not an input or a signal declared before it"),
                    at: declaration.location)
            }
            operands.append(level)
        }
        let rank = propagation.rank()
        let graph = propagation
        switch declaration.expression {
        case .all: return SignalPipelines.all(operands, into: signal, rank: rank, on: graph)
        case .any: return SignalPipelines.any(operands, into: signal, rank: rank, on: graph)
        case .none: return SignalPipelines.none(operands, into: signal, rank: rank, on: graph)
        case .atLeast(let count, _):
            return SignalPipelines.atLeast(count, of: operands, into: signal, rank: rank, on: graph)
        case .not: return SignalPipelines.not(operands[0], into: signal, rank: rank, on: graph)
        case .toggle(_, let reset):
            return SignalPipelines.toggle(operands[0], reset: reset == nil ? nil : operands[1], into: signal,
                                          rank: rank, on: graph)
        case .latch(_, _, let dominant):
            return SignalPipelines.latch(set: operands[0], reset: operands[1], dominant: dominant, into: signal,
                                         rank: rank, on: graph)
        case .allWithin(_, let within):
            let rule = AllWithin(window: within.wholeNanoseconds, signal: signal, propagation: propagation,
                                 carried: phase)
            signal.within = rule
            return SignalPipelines.all(operands, within: rule, rank: rank, on: graph)
        case .click(_, let gesture):
            let detector = ClickDetector(gesture: gesture, signal: signal, propagation: propagation, timers: timers)
            timers.register(detector)
            signal.detector = detector
            return SignalPipelines.click(operands[0], detector: detector)
        case .sample: return SignalPipelines.sample(operands[0], on: operands[1], into: signal, rank: rank, on: graph)
        case .zip: return SignalPipelines.zip(operands, into: signal, rank: rank, on: graph)
        case .between, .at:
            throw EngineError(.configuration("signal '\(declaration.name)' is a time of day"), at: declaration.location)
        case .aggregate, .difference, .threshold, .count, .rate, .scale, .unavailable:
            throw EngineError(.configuration("signal '\(declaration.name)' reads a number, not levels"),
                              at: declaration.location)
        }
    }
}

extension Engine {
    /// Where the `max_on` of an output kept on stands (`initial: restore`): what remains
    /// of it after the time it has been on, or none left when that time is not known.
    /// Nil for an output that was not kept on, or has no `max_on`.
    func restoredMaxOn(_ declaration: OutputDeclaration) -> OutputMaxOn.Phase? {
        guard declaration.restore, let limit = declaration.maxOn, keptValues.level(of: .output(declaration.name)) == true else {
            return nil
        }
        guard let onFor = keptValues.onFor[.output(declaration.name)], onFor >= .zero, onFor < limit else {
            return .lockedOut
        }
        return .counting(until: loop.now &+ (limit - onFor).wholeNanoseconds)
    }

    /// The level a kept output is requested at: its kept value, but off when its
    /// `max_on` has nothing left (it is not turned on for an instant first).
    func restoredLevel(of declaration: OutputDeclaration) -> Bool? {
        guard declaration.restore, let kept = keptValues.level(of: .output(declaration.name)) else { return nil }
        return kept && restoredMaxOn(declaration) != .lockedOut
    }
}

import Config
import Reactive

extension Engine {
    /// Builds the signals in the configuration's order (each after what it uses), then
    /// binds every output to what it follows. The graph settles as it is built: each
    /// pipeline takes its operands' current values on subscription.
    func buildGraph() throws(EngineError) {
        var levels: [String: Level] = [:]
        for input in inputs { levels[input.name] = input.level }
        for declaration in configuration.commandInputs {
            let kept = declaration.persist ? keptValues.inputs[declaration.name] : nil
            let input = VirtualInput(name: declaration.name, kind: .command, value: kept ?? declaration.initial,
                                     propagation: propagation)
            virtualInputs.append(input)
            levels[input.name] = input.level
        }
        for declaration in configuration.remoteInputs {
            let input = VirtualInput(name: declaration.name, kind: .remote(topic: declaration.topic),
                                     value: declaration.fallback, propagation: propagation)
            virtualInputs.append(input)
            levels[input.name] = input.level
        }
        for declaration in configuration.signals {
            let kept = declaration.persist ? keptValues.signals[declaration.name] ?? false : false
            let signal = Signal(declaration: declaration, value: kept, propagation: propagation, timers: timers)
            cancellables.append(try pipeline(for: declaration, into: signal, levels: levels))
            signals.append(signal)
            levels[declaration.name] = signal.level
        }
        for declaration in configuration.interlocks {
            let interlock = Interlock(declaration: declaration, propagation: propagation, timers: timers, logger: logger)
            interlocks.append(interlock)
            for name in declaration.outputs {
                if let output = outputs.first(where: { $0.name == name }) { interlock.add(output) }
            }
        }
        for output in outputs {
            guard let followed = levels[output.declaration.follows] else {
                throw EngineError(.configuration(
                    "output '\(output.name)' follows '\(output.declaration.follows)', which is not an input or a signal"),
                    at: output.declaration.location)
            }
            // The writer first, so that the value the binding sends on subscription
            // reaches it. The binding is the output's one subscription: its consumer hands
            // each value to the propagation itself.
            output.propagation = propagation
            var source = followed
            if let length = output.declaration.pulse {
                let pulse = OutputPulse(length: length, propagation: propagation, timers: timers)
                cancellables.append(pulse.attach(to: source))
                output.pulse = pulse
                source = pulse.level
            }
            if let limit = output.declaration.maxOn {
                let maxOn = OutputMaxOn(limit: limit, propagation: propagation, timers: timers)
                cancellables.append(maxOn.attach(to: source))
                output.maxOn = maxOn
                source = maxOn.level
            }
            cancellables.append(source.bind(to: output.level))
        }
    }

    private func pipeline(for declaration: SignalDeclaration, into signal: Signal,
                          levels: [String: Level]) throws(EngineError) -> AnyCancellable {
        var operands: [Level] = []
        for name in declaration.expression.operands {
            guard let level = levels[name] else {
                throw EngineError(.configuration(
                    "signal '\(declaration.name)' uses '\(name)', which is not an input or a signal declared before it"),
                    at: declaration.location)
            }
            operands.append(level)
        }
        switch declaration.expression {
        case .all: return SignalPipelines.all(operands, into: signal)
        case .any: return SignalPipelines.any(operands, into: signal)
        case .none: return SignalPipelines.none(operands, into: signal)
        case .atLeast(let count, _): return SignalPipelines.atLeast(count, of: operands, into: signal)
        case .not: return SignalPipelines.not(operands[0], into: signal)
        case .toggle(_, nil): return SignalPipelines.toggle(operands[0], into: signal)
        case .toggle: return SignalPipelines.toggle(operands[0], reset: operands[1], into: signal)
        case .latch: return SignalPipelines.latch(set: operands[0], reset: operands[1], into: signal)
        case .allWithin(_, let within):
            return SignalPipelines.all(operands, within: within, into: signal, propagation: propagation)
        case .click(_, let gesture):
            let detector = ClickDetector(gesture: gesture, signal: signal, propagation: propagation, timers: timers)
            timers.register(detector)
            signal.detector = detector
            return SignalPipelines.click(operands[0], detector: detector)
        case .sample: return SignalPipelines.sample(operands[0], on: operands[1], into: signal)
        case .zip: return SignalPipelines.zip(operands, into: signal)
        }
    }
}

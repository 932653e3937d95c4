import Values

extension ConfigValidator {
    struct ReadInterlock {
        var declaration: InterlockDeclaration
        var outputs: [Reference]
    }

    /// `interlocks: NAME: { outputs: [a, b], wait: 500ms }`.
    mutating func readInterlocks(_ section: SourceNode.Entry) {
        let example = "blinds: { outputs: [blinds_up, blinds_down], wait: 500ms }"
        guard let entries = sectionEntries(section, example: example) else { return }
        for entry in entries {
            checkName(entry.key, at: entry.keyLocation)
            let what = "interlock '\(entry.key)'"
            guard let settings = settings(entry.value, of: what,
                                          example: "\(entry.key): { outputs: [blinds_up, blinds_down], wait: 500ms }") else {
                continue
            }
            checkKeys(settings, allowed: InterlockSchema.keyNames, place: "in \(what)")
            guard let outputsEntry = settings.first(where: { $0.key == "outputs" }) else {
                report(entry.keyLocation, "\(what) needs outputs:", hint: "write \(example)")
                continue
            }
            guard let outputs = referenceList(outputsEntry.value, key: "outputs", in: what) else { continue }
            var wait = Duration.zero
            if let waitEntry = settings.first(where: { $0.key == "wait" }) {
                guard let text = text(waitEntry, in: what) else { continue }
                switch DurationText.parse(text) {
                case .value(let time) where time <= Self.longestTime:
                    wait = time
                case .value:
                    report(waitEntry.value.location, "wait: \(text) in \(what) is longer than a day",
                           hint: "wait: is from 0 to 24h, e.g. wait: 500ms")
                    continue
                case .invalid(let message, let hint):
                    report(waitEntry.value.location, "\(message) (wait: of \(what))", hint: hint)
                    continue
                }
            }
            var seen: [String: SourceLocation] = [:]
            var distinct: [Reference] = []
            for output in outputs {
                if let first = seen[output.name] {
                    report(output.location, "'\(output.name)' is in \(what) twice (first at column \(first.column))",
                           hint: "name each output once")
                } else {
                    seen[output.name] = output.location
                    distinct.append(output)
                }
            }
            guard distinct.count >= 2 else {
                report(outputsEntry.value.location, "\(what) needs at least two outputs",
                       hint: "an interlock keeps all but one of its outputs off; write \(example)")
                continue
            }
            interlocks.append(ReadInterlock(
                declaration: InterlockDeclaration(name: entry.key, outputs: distinct.map(\.name), wait: wait,
                                                  location: entry.keyLocation),
                outputs: distinct))
        }
    }

    /// Every output an interlock names is declared, and in at most one interlock.
    mutating func checkInterlocks(kinds: [String: NodeKind]) {
        let outputNames = declaredNames.filter { $0.kind == .output }.map(\.name)
        var known = KnownNames(outputNames)
        var member: [String: String] = [:]
        for interlock in interlocks {
            let what = "interlock '\(interlock.declaration.name)'"
            for output in interlock.outputs {
                switch kinds[output.name] {
                case .output where pwmOutputs.contains(where: { $0.declaration.name == output.name }):
                    report(output.location, "'\(output.name)' in \(what) is a PWM output; an interlock groups outputs that are on or off",
                           hint: "name outputs on GPIO lines; a PWM output's duty cycle is shared by what it follows")
                case .output:
                    if let other = member[output.name] {
                        report(output.location, "output '\(output.name)' is already in interlock '\(other)'",
                               hint: "an output can be in one interlock; put the outputs that exclude each other in one group")
                    } else {
                        member[output.name] = interlock.declaration.name
                    }
                case .input?, .signal?, .cover?:
                    report(output.location, "'\(output.name)' in \(what) is \(kinds[output.name] == .input ? "an input" : "a \(kinds[output.name]?.rawValue ?? "signal")"); an interlock groups outputs",
                           hint: "name the outputs it drives")
                case nil:
                    let hint = known.didYouMean(output.name)
                        ?? (outputNames.isEmpty ? "declare the outputs under outputs:" : "outputs: " + outputNames.prefix(12).joined(separator: ", "))
                    report(output.location, "unknown output '\(output.name)' in \(what)", hint: hint)
                }
            }
            // Safe values are written at stop and initial values at start without the
            // interlock: two on would be on together.
            for (key, isOn) in [("safe", { (output: OutputDeclaration) in output.safe }),
                                ("initial", { (output: OutputDeclaration) in output.initial && !output.restore })] {
                let on = interlock.outputs.filter { member in
                    outputs.contains { $0.declaration.name == member.name && isOn($0.declaration) }
                }
                guard on.count > 1 else { continue }
                let names = on.map { "'\($0.name)'" }.joined(separator: " and ")
                report(on[1].location, "\(names) in \(what) \(on.count == 2 ? "both" : "all") have \(key): on; they would be on together at \(key == "safe" ? "stop" : "start")",
                       hint: "give at most one output of an interlock \(key): on")
            }
        }
    }

    /// What reads a momentary signal must react to activations: `toggle`, `latch`,
    /// `sample`'s `on`, `zip`, or an output with `pulse:`.
    mutating func checkMomentaryReaders(kinds: [String: NodeKind]) {
        var momentary = Set<String>()
        for signal in signals where signal.declaration.expression.isMomentary
            && kinds[signal.declaration.name] == .signal {
            momentary.insert(signal.declaration.name)
        }
        for input in commandInputs where input.momentary && kinds[input.name] == .input {
            momentary.insert(input.name)
        }
        guard !momentary.isEmpty else { return }
        let readers = "toggle:, latch:, sample:'s on:, zip:, or an output with pulse:"
        for signal in signals {
            let takes = signal.declaration.expression.operandsTakeActivations
            for (index, operand) in signal.operands.enumerated()
            where momentary.contains(operand.name) && !(index < takes.count && takes[index]) {
                report(operand.location,
                       "'\(operand.name)' is momentary (on for an instant) and signal '\(signal.declaration.name)' needs a level here",
                       hint: "read it with \(readers); e.g. \(operand.name)_on: { toggle: \(operand.name) }")
            }
        }
        for output in outputs {
            guard let follows = output.follows, momentary.contains(follows.name), output.declaration.pulse == nil else {
                continue
            }
            report(follows.location,
                   "'\(follows.name)' is momentary (on for an instant): output '\(output.declaration.name)' would never show it",
                   hint: "give the output pulse: (e.g. pulse: 500ms), or follow a toggle: or latch: of it")
        }
        for output in pwmOutputs {
            guard let follows = output.follows, momentary.contains(follows.name) else { continue }
            report(follows.location,
                   "'\(follows.name)' is momentary (on for an instant): output '\(output.declaration.name)' would never show it",
                   hint: "follow a toggle: or latch: of it, e.g. \(follows.name)_on: { toggle: \(follows.name) }")
        }
    }
}

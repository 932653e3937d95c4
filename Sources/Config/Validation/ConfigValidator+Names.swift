import Values

extension ConfigValidator {
    /// Checks names across sections (clashes, references, cycles) and returns the
    /// signals in dependency order.
    mutating func checkNames() -> [SignalDeclaration] {
        let kinds = checkClashes()
        let readable = declaredNames.filter { $0.kind != .output }.map(\.name)
        let chipNames = Set(declaredChips)
        var follows: [String: String] = [:]
        for output in outputs where follows[output.declaration.name] == nil {
            follows[output.declaration.name] = output.declaration.follows
        }
        for output in pwmOutputs where follows[output.declaration.name] == nil {
            follows[output.declaration.name] = output.declaration.follows
        }
        // Chips first, then names, on one budget for "did you mean" (see `KnownNames`).
        var knownChips = KnownNames(declaredChips)
        for input in inputs {
            checkChip(input.chip, in: "input '\(input.declaration.name)'", declared: chipNames, known: &knownChips)
            if declaredPWMChips.contains(input.chip.name) {
                report(input.chip.location, "chip '\(input.chip.name)' of input '\(input.declaration.name)' is a PWM controller; "
                    + "an input reads a line of a GPIO chip",
                       hint: "name a chip declared with label:, path: or name:, e.g. chips: { main: { label: pinctrl-bcm2711 } }")
            }
        }
        for output in outputs {
            checkChip(output.chip, in: "output '\(output.declaration.name)'", declared: chipNames, known: &knownChips)
        }
        for output in pwmOutputs {
            checkChip(output.chip, in: "output '\(output.declaration.name)'", declared: chipNames, known: &knownChips,
                      example: Self.pwmChipExample)
        }
        var knownReadable = KnownNames(readable, cellBudget: KnownNames.cellBudget - knownChips.cellsComputed)
        for output in outputs {
            guard let followed = output.follows else { continue }
            checkReadable(followed, key: "follows", in: "output '\(output.declaration.name)'", kinds: kinds,
                          follows: follows, candidates: readable, known: &knownReadable)
        }
        for output in pwmOutputs {
            guard let followed = output.follows else { continue }
            checkReadable(followed, key: "follows", in: "output '\(output.declaration.name)'", kinds: kinds,
                          follows: follows, candidates: readable, known: &knownReadable)
        }
        for signal in signals {
            for operand in signal.operands {
                checkReadable(operand, key: nil, in: "signal '\(signal.declaration.name)'", kinds: kinds,
                              follows: follows, candidates: readable, known: &knownReadable)
            }
        }
        checkMomentaryReaders(kinds: kinds)
        checkInterlocks(kinds: kinds)
        checkCovers(kinds: kinds)
        return checkValueKinds(of: orderSignals(kinds: kinds), kinds: kinds)
    }

    /// Inputs, signals, outputs and covers share one set of names (chips have their own). The
    /// first declaration of a name keeps it; each later one is an error.
    private mutating func checkClashes() -> [String: NodeKind] {
        var first: [String: DeclaredName] = [:]
        let bySource = declaredNames.enumerated().sorted {
            ($0.element.location.line, $0.element.location.column, $0.offset)
                < ($1.element.location.line, $1.element.location.column, $1.offset)
        }.map(\.element)
        for declared in bySource {
            if let earlier = first[declared.name] {
                report(declared.location,
                       "'\(declared.name)' is already the name of \(article(earlier.kind)) \(earlier.kind.rawValue) (line \(earlier.location.line))",
                       hint: "inputs, signals, outputs and covers share one set of names; rename one of them")
            } else {
                first[declared.name] = declared
            }
        }
        return first.mapValues(\.kind)
    }

    private mutating func checkChip(_ chip: Reference, in what: String, declared: Set<String>,
                                    known: inout KnownNames, example: String? = nil) {
        guard !declared.contains(chip.name) else { return }
        let hint: String
        if let close = known.didYouMean(chip.name) {
            hint = close
        } else if declaredChips.isEmpty {
            hint = "declare it under chips:, e.g. chips: { "
                + (example.map { "\(chip.name): \($0.drop { $0 != "{" })" } ?? "\(chip.name): { label: pinctrl-bcm2711 }") + " }"
        } else {
            let shown = declaredChips.prefix(12).joined(separator: ", ")
            hint = "chips declared: " + shown + (declaredChips.count > 12 ? ", ..." : "")
        }
        report(chip.location, "unknown chip '\(chip.name)' in \(what)", hint: hint)
    }

    /// An operand of a signal, or what an output follows: an input or a signal.
    private mutating func checkReadable(_ reference: Reference, key: String?, in what: String,
                                        kinds: [String: NodeKind], follows: [String: String],
                                        candidates: [String], known: inout KnownNames) {
        let place = key.map { "\($0): of \(what)" } ?? what
        switch kinds[reference.name] {
        case .input, .signal:
            return
        case .output:
            let followed = follows[reference.name]
            let reads = key == nil ? "signals read inputs and other signals" : "outputs follow inputs and signals"
            report(reference.location, "'\(reference.name)' in \(place) is an output; \(reads)",
                   hint: followed.map { "use what '\(reference.name)' follows: '\($0)'" } ?? "")
        case .cover:
            let reads = key == nil ? "signals read inputs and other signals" : "outputs follow inputs and signals"
            report(reference.location, "'\(reference.name)' in \(place) is a cover; \(reads)",
                   hint: "read the input on its end position (its closed: or open:) instead")
        case nil:
            let hint: String
            if let close = known.didYouMean(reference.name) {
                hint = close
            } else if candidates.isEmpty {
                hint = "declare it under inputs: or signals:"
            } else {
                let shown = candidates.prefix(12).joined(separator: ", ")
                hint = "inputs and signals: " + shown + (candidates.count > 12 ? ", ..." : "")
            }
            report(reference.location, "unknown name '\(reference.name)' in \(place)", hint: hint)
        }
    }

    private mutating func orderSignals(kinds: [String: NodeKind]) -> [SignalDeclaration] {
        var index: [String: Int] = [:]
        for (position, signal) in signals.enumerated() where kinds[signal.declaration.name] == .signal {
            index[signal.declaration.name] = index[signal.declaration.name] ?? position
        }
        let dependencies = signals.map { signal in
            signal.operands.compactMap { kinds[$0.name] == .signal ? index[$0.name] : nil }
        }
        let (order, cycles) = SignalOrder.resolve(dependencies: dependencies)
        for cycle in cycles {
            let names = (cycle + [cycle[0]]).map { signals[$0].declaration.name }
            let first = signals[cycle.min() ?? cycle[0]].declaration
            report(first.location, "signals form a cycle: " + names.joined(separator: " -> "),
                   hint: "a signal cannot depend on itself, directly or through other signals")
        }
        return order.map { signals[$0].declaration }
    }

    private func article(_ kind: NodeKind) -> String {
        kind == .input || kind == .output ? "an" : "a"
    }
}

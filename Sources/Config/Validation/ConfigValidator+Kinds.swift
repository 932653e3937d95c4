import Values

/// Levels and numbers kept apart, and numbers combined only in one unit: each operand
/// is the kind its place reads, and each numeric signal takes its operands' unit.
extension ConfigValidator {
    /// Checks the kinds and units of `ordered` (in dependency order) and returns them
    /// with each numeric signal's unit.
    mutating func checkValueKinds(of ordered: [SignalDeclaration], kinds: [String: NodeKind]) -> [SignalDeclaration] {
        var units = inputUnits
        var read: [String: ReadSignal] = [:]
        for signal in signals where read[signal.declaration.name] == nil { read[signal.declaration.name] = signal }
        var result = ordered
        for (index, declaration) in ordered.enumerated() {
            guard let signal = read[declaration.name] else { continue }
            let what = "signal '\(declaration.name)'"
            let form = Self.formKey(of: declaration.expression)
            let readsNumbers = declaration.expression.readsNumbers
            var operandUnits: [(reference: Reference, unit: MeasurementUnit)] = []
            var kindsAgree = true
            for operand in signal.operands {
                guard let kind = kinds[operand.name], kind != .output, let valueKind = valueKinds[operand.name] else { continue }
                let node = "\(kind.rawValue) '\(operand.name)'"
                switch (valueKind, readsNumbers) {
                case (.number, false):
                    report(operand.location, "'\(operand.name)' in \(form): of \(what) is a number (\(node), "
                        + "\(units[operand.name]?.description ?? "no unit")), and \(form): takes levels",
                           hint: "make a level of it with a threshold, e.g. \(operand.name)_high: { threshold: \(operand.name), above: 25 }, and use that")
                    kindsAgree = false
                case (.level, true):
                    report(operand.location, "'\(operand.name)' in \(form): of \(what) is a level (\(node)), and \(form): takes numbers",
                           hint: form == "threshold"
                               ? "a threshold turns a number into a level; '\(operand.name)' is on or off already"
                               : form == "scale"
                               ? "a scale maps a number (a temperature, a numeric input or signal); '\(operand.name)' is on or off"
                               : form == "unavailable"
                               ? "unavailable: watches a number (a sensor, a numeric or remote input); '\(operand.name)' is on or off"
                               : "\(form): reads numeric inputs (type: number) and numeric signals; for levels use all:, any: or at_least:")
                    kindsAgree = false
                case (.number, true):
                    if let unit = units[operand.name] { operandUnits.append((operand, unit)) }
                case (.level, false):
                    break
                }
            }
            if case .count = declaration.expression {
                // A counter's unit is its own: its operand is a level.
                units[declaration.name] = declaration.number?.unit ?? MeasurementUnit.none
                continue
            }
            if case .scale = declaration.expression {
                // A scale's unit is its own (`%` unless `unit:` says): `to:` is written in
                // it, and `from:` in its operand's.
                units[declaration.name] = declaration.number?.unit ?? MeasurementUnit.none
                continue
            }
            guard kindsAgree, readsNumbers, let first = operandUnits.first,
                  operandUnits.count == signal.operands.count else { continue }
            if let other = operandUnits.first(where: { $0.unit != first.unit }) {
                if case .threshold = declaration.expression {
                    report(other.reference.location, "the bound '\(other.reference.name)' of \(what) is in \(other.unit), "
                        + "and '\(first.reference.name)' it is compared with is in \(first.unit)",
                           hint: "a threshold compares numbers of one unit; give both the same unit:")
                } else {
                    report(other.reference.location, "\(form): in \(what) mixes units: '\(first.reference.name)' is in "
                        + "\(first.unit), '\(other.reference.name)' in \(other.unit)",
                           hint: "\(form): combines numbers of one unit; convert one (filters: multiply:, offset:) and give it the same unit:")
                }
                continue
            }
            guard declaration.expression.isNumeric else { continue }
            if case .rate(_, let rate) = declaration.expression {
                let unit = checkRateUnit(signal, rate: rate, operand: first, in: what)
                units[declaration.name] = unit
                result[index].number?.unit = unit
                continue
            }
            if let declared = signal.declaredUnit, MeasurementUnit(declared.name) != first.unit {
                report(declared.location, "unit: \(declared.name) of \(what) is not its operands' unit, \(first.unit)",
                       hint: "a \(form): signal takes its operands' unit; remove unit: or write the operands' unit")
                continue
            }
            units[declaration.name] = first.unit
            result[index].number?.unit = first.unit
        }
        for output in outputs {
            guard let follows = output.follows, valueKinds[follows.name] == .number, kinds[follows.name] != .output else {
                continue
            }
            let name = follows.name
            report(follows.location, "'\(name)' in follows: of output '\(output.declaration.name)' is a number "
                + "(\(units[name]?.description ?? "no unit")), and an output follows a level",
                   hint: "make a level of it with a threshold, e.g. \(name)_high: { threshold: \(name), above: 25 }, and follow that")
        }
        checkPWMFollows(units: units, kinds: kinds)
        return result
    }

    /// A rate's unit: as written, when it agrees with its operand's unit per `per:`
    /// (reported otherwise), or the table's (`L/min`), or none.
    private mutating func checkRateUnit(_ signal: ReadSignal, rate: RateDeclaration,
                                        operand: (reference: Reference, unit: MeasurementUnit),
                                        in what: String) -> MeasurementUnit {
        let expected = Self.rateUnit(of: operand.unit, per: rate.per)
        guard let declared = signal.declaredUnit else { return expected ?? .none }
        let unit = MeasurementUnit(declared.name)
        if let expected, unit != expected, Self.isCheckableRateUnit(unit) {
            let per = ConfigText.duration(rate.per)
            report(declared.location, "unit: \(declared.name) of \(what) is not '\(operand.reference.name)' "
                + "(\(operand.unit)) per \(per), which is \(expected)",
                   hint: "write unit: \(expected), or change per: to the time \(declared.name) is per")
        }
        return unit
    }

    /// The key a form is written with: `all` for `all:` with `within:`, `mean` for `mean:`.
    static func formKey(of expression: SignalExpression) -> String {
        String(ConfigText.expression(expression).prefix { $0 != ":" })
    }
}

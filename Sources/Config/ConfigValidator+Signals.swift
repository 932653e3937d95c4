extension ConfigValidator {
    /// The forms of `SignalExpression`, as keys.
    static let signalForms = ["all", "any", "none", "not", "at_least", "toggle", "sample", "zip"]

    /// `signals: NAME: { all: [...] }` and the other forms: exactly one form each.
    mutating func readSignals(_ section: SourceNode.Entry) {
        guard let entries = sectionEntries(section, example: "all_on: { all: [switch1, switch2] }") else { return }
        for entry in entries {
            checkName(entry.key, at: entry.keyLocation)
            declaredNames.append(DeclaredName(name: entry.key, kind: .signal, location: entry.keyLocation))
            let what = "signal '\(entry.key)'"
            guard let settings = settings(entry.value, of: what, example: "\(entry.key): { all: [switch1, switch2] }") else {
                continue
            }
            checkKeys(settings, allowed: Self.signalForms, place: "in \(what)")
            let forms = settings.filter { Self.signalForms.contains($0.key) }
            guard let form = forms.first else {
                if settings.isEmpty || settings.allSatisfy({ NearestNames.didYouMean($0.key, among: Self.signalForms) == nil }) {
                    report(entry.keyLocation, "\(what) needs one of " + Self.signalForms.map { "\($0):" }.joined(separator: ", "),
                           hint: "e.g. \(entry.key): { all: [switch1, switch2] }; docs/CONFIG.md describes each form")
                }
                continue
            }
            for extra in forms.dropFirst() {
                report(extra.keyLocation, "\(what) has both \(form.key): and \(extra.key):",
                       hint: "a signal has exactly one form; declare another signal for the other")
            }
            guard forms.count == 1, let (expression, operands) = readExpression(form, in: what) else { continue }
            signals.append(ReadSignal(
                declaration: SignalDeclaration(name: entry.key, expression: expression, location: entry.keyLocation),
                operands: operands))
        }
    }

    private mutating func readExpression(_ form: SourceNode.Entry, in what: String) -> (SignalExpression, [Reference])? {
        switch form.key {
        case "all", "any", "none", "zip":
            guard let names = referenceList(form.value, key: form.key, in: what) else { return nil }
            let list = names.map(\.name)
            let expression: SignalExpression = switch form.key {
            case "all": .all(list)
            case "any": .any(list)
            case "none": .none(list)
            default: .zip(list)
            }
            return (expression, names)
        case "not", "toggle":
            let hint = form.key == "not"
                ? "to be true while none of several is true, write none: [a, b]"
                : "to toggle on any of several, toggle a signal declared with any: [a, b]"
            guard let name = reference(form.value, key: form.key, in: what, hint: hint) else { return nil }
            return (form.key == "not" ? .not(name.name) : .toggle(name.name), [name])
        case "at_least":
            return readAtLeast(form, in: what)
        default:
            return readSample(form, in: what)
        }
    }

    /// `at_least: { count: 2, of: [a, b, c] }`.
    private mutating func readAtLeast(_ form: SourceNode.Entry, in what: String) -> (SignalExpression, [Reference])? {
        let example = "at_least: { count: 2, of: [a, b, c] }"
        guard let settings = settings(form.value, of: "at_least: in \(what)", example: example) else { return nil }
        checkKeys(settings, allowed: ["count", "of"], place: "in at_least: of \(what)")
        let countEntry = settings.first { $0.key == "count" }
        let ofEntry = settings.first { $0.key == "of" }
        for (key, entry) in [("count", countEntry), ("of", ofEntry)] where entry == nil {
            report(form.value.location, "at_least: in \(what) needs \(key):", hint: "write \(example)")
        }
        let count = countEntry.flatMap { wholeNumber($0, in: "at_least: of \(what)") }
        let names = ofEntry.flatMap { referenceList($0.value, key: "of", in: what) }
        guard let countEntry, let count else { return nil }
        let range = "count: is from 1 to the number of names in of:"
        if count < 1 {
            report(countEntry.value.location, "at_least count \(count) in \(what) is less than 1", hint: range)
            return nil
        }
        guard let names else { return nil }
        if count > names.count {
            report(countEntry.value.location,
                   "at_least count \(count) in \(what) is more than the \(names.count) name\(names.count == 1 ? "" : "s") in of:",
                   hint: "\(range) (\(names.count))")
            return nil
        }
        return (.atLeast(count: count, of: names.map(\.name)), names)
    }

    /// `sample: { value: a, on: b }`.
    private mutating func readSample(_ form: SourceNode.Entry, in what: String) -> (SignalExpression, [Reference])? {
        let example = "sample: { value: mode_switch, on: button }"
        guard let settings = settings(form.value, of: "sample: in \(what)", example: example) else { return nil }
        checkKeys(settings, allowed: ["value", "on"], place: "in sample: of \(what)")
        var references: [String: Reference] = [:]
        var complete = true
        for key in ["value", "on"] {
            guard let entry = settings.first(where: { $0.key == key }) else {
                report(form.value.location, "sample: in \(what) needs \(key):", hint: "write \(example)")
                complete = false
                continue
            }
            references[key] = reference(entry.value, key: key, in: "sample: of \(what)")
            complete = complete && references[key] != nil
        }
        guard complete, let value = references["value"], let on = references["on"] else { return nil }
        return (.sample(value: value.name, on: on.name), [value, on])
    }
}

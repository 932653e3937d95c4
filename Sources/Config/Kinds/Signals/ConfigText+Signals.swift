import Clock
/// Signals as they would be written under `signals:`.
extension ConfigText {
    /// The signal as it would be written under `signals:`, modifiers included:
    /// `any: [motion, door], off_delay: 2m`. With `operandLimit`, a list shows that many
    /// names and counts the rest (`any: [a, b, and 19998 more]`), so that the text stays
    /// short however many operands the signal has.
    public static func signal(_ signal: SignalDeclaration, operandLimit: Int? = nil) -> String {
        var text = expression(signal.expression, operandLimit: operandLimit)
        if let delay = signal.onDelay { text += ", on_delay: \(duration(delay))" }
        if let delay = signal.offDelay { text += ", off_delay: \(duration(delay))" }
        if signal.persist { text += ", persist: true" }
        if case .count(_, let counter) = signal.expression, signal.persist,
           counter.persistEvery != CounterDeclaration.defaultPersistEvery {
            text += ", persist_every: \(duration(counter.persistEvery))"
        }
        if let number = signal.number { text += ", " + self.number(number) }
        return text
    }

    /// The expression as it would be written under `signals:`; with `operandLimit`, each
    /// list at most that many names and how many more.
    /// `, days: [mon, thu]`, or nothing for every day.
    private static func days(_ days: Set<Weekday>) -> String {
        days.count == Weekday.allCases.count ? "" : ", days: [" + days.sorted().map(\.description).joined(separator: ", ") + "]"
    }

    public static func expression(_ expression: SignalExpression, operandLimit: Int? = nil) -> String {
        func list(_ names: [String]) -> String {
            guard let operandLimit, names.count > operandLimit else { return "[" + names.joined(separator: ", ") + "]" }
            return "[" + (names.prefix(operandLimit) + ["and \(names.count - operandLimit) more"]).joined(separator: ", ") + "]"
        }
        switch expression {
        case .all(let names): return "all: " + list(names)
        case .any(let names): return "any: " + list(names)
        case .none(let names): return "none: " + list(names)
        case .zip(let names): return "zip: " + list(names)
        case .not(let name): return "not: \(name)"
        case .unavailable(let name): return "unavailable: \(name)"
        case .between(let window, let fallback):
            return "between: [\(window.from), \(window.to)]" + days(window.days) + (fallback ? ", fallback: on" : "")
        case .at(let moment): return "at: \(moment.time)" + days(moment.days)
        case .toggle(let name, nil): return "toggle: \(name)"
        case .toggle(let name, let reset?): return "toggle: \(name), reset: \(reset)"
        case .latch(let set, let reset, .reset): return "latch: { set: \(set), reset: \(reset) }"
        case .latch(let set, let reset, .set): return "latch: { set: \(set), reset: \(reset), dominant: set }"
        case .allWithin(let names, let within): return "all: \(list(names)), within: \(duration(within))"
        case .click(let name, let gesture):
            var text = "click: \(name)"
            if gesture.count != 1 { text += ", count: \(gesture.count)" }
            if gesture.minPress != ClickGesture.defaultMinPress { text += ", min: \(duration(gesture.minPress))" }
            if gesture.maxPress != ClickGesture.defaultMaxPress { text += ", max: \(duration(gesture.maxPress))" }
            if gesture.gap != ClickGesture.defaultGap { text += ", gap: \(duration(gesture.gap))" }
            return text
        case .atLeast(let count, let names): return "at_least: { count: \(count), of: \(list(names)) }"
        case .sample(let value, let on): return "sample: { value: \(value), on: \(on) }"
        case .aggregate(let aggregate, let names): return "\(aggregate.rawValue): " + list(names)
        case .difference(let minuend, let subtrahend): return "difference: [\(minuend), \(subtrahend)]"
        case .threshold(let name, let threshold):
            let bound = switch threshold.bound {
            case .number(let number): decimal(number)
            case .node(let node): node
            }
            var text = "threshold: \(name), \(threshold.direction.rawValue): \(bound)"
            if threshold.hysteresis != 0 { text += ", hysteresis: \(decimal(threshold.hysteresis))" }
            if threshold.fallback { text += ", fallback: on" }
            return text
        case .count(let name, let counter):
            var text = "count: \(name)"
            if counter.multiply != 1 { text += ", multiply: \(decimal(counter.multiply))" }
            if counter.reset { text += ", reset: true" }
            if let period = counter.period { text += ", period: \(period.rawValue)" }
            return text
        case .rate(let name, let rate):
            var text = "rate: \(name), per: \(duration(rate.per))"
            if let timeout = rate.timeout { text += ", timeout: \(duration(timeout))" }
            if let window = rate.window { text += ", window: \(duration(window))" }
            return text
        case .scale(let name, let scale):
            func ends(_ ends: ScaleDeclaration.Ends) -> String { "[\(decimal(ends.start)), \(decimal(ends.end))]" }
            return "scale: \(name), from: \(ends(scale.from)), to: \(ends(scale.to))" + (scale.clamps ? "" : ", clamp: false")
        }
    }
}

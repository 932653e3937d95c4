import GPIO
import HomeAssistantClasses
import Values

/// Values spelled the way a config file writes them, for `gpioagg check`, logs and error
/// messages: what people read matches what they typed.
///
/// ```swift
/// ConfigText.chip(.label("pinctrl-bcm2711"))          // "label pinctrl-bcm2711"
/// ConfigText.debounce(Debounce(.stable, period: .milliseconds(10)))   // "stable 10ms"
/// ConfigText.expression(.atLeast(count: 2, of: ["a", "b", "c"]))
///                                  // "at_least: { count: 2, of: [a, b, c] }"
/// ```
public enum ConfigText {
    /// `label pinctrl-bcm2711`, `path /dev/gpiochip0` or `name gpiochip0`.
    public static func chip(_ locator: ChipLocator) -> String {
        switch locator {
        case .label(let label): return "label \(label)"
        case .path(let path): return "path \(path)"
        case .name(let name): return "name \(name)"
        }
    }

    /// `GPIO17` (a line name), `17` (an offset) or `PIN11` (a header pin).
    public static func line(_ locator: LineLocator) -> String {
        switch locator {
        case .name(let name): return name
        case .offset(let offset): return String(offset)
        case .headerPin(let pin): return "PIN\(pin)"
        }
    }

    /// `10ms`, `1.5ms`, `3m`, `1h30m`: as people write it (`ReadableDuration`).
    public static func duration(_ duration: Duration) -> String {
        ReadableDuration.format(duration)
    }

    /// `none`, or the mode and the period: `stable 10ms`.
    public static func debounce(_ debounce: Debounce) -> String {
        debounce.isNone ? "none" : "\(debounce.mode.rawValue) \(duration(debounce.period))"
    }

    /// `on` or `off`.
    public static func onOff(_ value: Bool) -> String {
        LevelWord.word(for: value)
    }

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

    /// A number as a config file writes it, in its shortest form: `28`, `-0.4`, `2.5e-07`.
    public static func decimal(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A numeric node's unit, and its precision, filters and state class where not the
    /// defaults: `unit: °C, precision: 1, filters: [median: 5, offset: -0.4]`.
    public static func number(_ number: NumberDeclaration) -> String {
        var text = "unit: " + (number.unit.isNone ? "none" : number.unit.symbol)
        if number.precision != NumberDeclaration.defaultPrecision { text += ", precision: \(number.precision)" }
        if !number.filters.isEmpty { text += ", filters: [" + number.filters.map(filter).joined(separator: ", ") + "]" }
        if number.stateClass != .measurement { text += ", state_class: \(number.stateClass.rawValue)" }
        return text
    }

    /// One filter, briefly: `median: 5`, `clamp: 0..100`, `calibrate_linear: 3 pairs`.
    public static func filter(_ filter: NumberFilterDeclaration) -> String {
        let value = switch filter {
        case .offset(let x), .multiply(let x), .delta(let x), .exponentialMovingAverage(let x): decimal(x)
        case .median(let window), .movingAverage(let window): String(window)
        case .throttle(let time), .heartbeat(let time), .timeout(let time): duration(time)
        case .calibrateLinear(let points): "\(points.count) pairs"
        case .clamp(let minimum, let maximum): (minimum.map(decimal) ?? "") + ".." + (maximum.map(decimal) ?? "")
        }
        return "\(filter.key): \(value)"
    }

    /// The expression as it would be written under `signals:`; with `operandLimit`, each
    /// list at most that many names and how many more.
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
            return text
        case .rate(let name, let rate):
            var text = "rate: \(name), per: \(duration(rate.per))"
            if let timeout = rate.timeout { text += ", timeout: \(duration(timeout))" }
            return text
        case .scale(let name, let scale):
            func ends(_ ends: ScaleDeclaration.Ends) -> String { "[\(decimal(ends.start)), \(decimal(ends.end))]" }
            return "scale: \(name), from: \(ends(scale.from)), to: \(ends(scale.to))"
        }
    }
}

import HomeAssistantClasses
import Values

/// Readers for what numeric inputs and signals declare: decimal values, `type:`,
/// `unit:`, `precision:` and `state_class:`.
extension ConfigValidator {
    static let decimalHint = "write a decimal number such as 21, -0.5 or 2.5e3 (no inf, nan or hexadecimal)"

    /// `type: level` (the default) or `type: number`; nil when it is neither.
    mutating func inputType(_ entry: SourceNode.Entry, in what: String) -> ValueKind? {
        choice(entry, in: what, options: [("level", ValueKind.level), ("number", .number)])
    }

    /// The kind `type:` declares among `settings`: a level when there is none, nil when
    /// it is invalid (reported).
    mutating func declaredType(_ settings: [SourceNode.Entry], name: String, in what: String) -> ValueKind? {
        guard let entry = settings.first(where: { $0.key == "type" }) else {
            if valueKinds[name] == nil { valueKinds[name] = .level }
            return .level
        }
        let kind = inputType(entry, in: what)
        if valueKinds[name] == nil { valueKinds[name] = kind }
        return kind
    }

    /// A decimal number (`DecimalText`). A level word where a number is needed is named
    /// as such.
    mutating func decimal(_ entry: SourceNode.Entry, in what: String) -> Double? {
        guard let text = text(entry, in: what) else { return nil }
        if let value = DecimalText.parse(text) { return value }
        if LevelWord.meaning(of: text) != nil {
            report(entry.value.location, "\(entry.key): \(text) in \(what) is a level, and \(entry.key): here takes a number",
                   hint: "\(what) is a number: write \(entry.key): with a number, e.g. \(entry.key): 21")
        } else {
            report(entry.value.location, "\(entry.key): in \(what) must be a decimal number, found '\(text)'",
                   hint: Self.decimalHint)
        }
        return nil
    }

    /// `unit:`, `precision:`, `filters:` and `state_class:` among `settings`, with their
    /// defaults; nil when one of them is invalid (reported). `declaredUnit` is the
    /// `unit:` as written, for the check against a signal's operands.
    mutating func numberSettings(_ settings: [SourceNode.Entry], in what: String)
        -> (number: NumberDeclaration, declaredUnit: Reference?)? {
        var number = NumberDeclaration()
        var declaredUnit: Reference?
        var valid = true
        for setting in settings {
            switch setting.key {
            case "unit":
                guard let symbol = text(setting, in: what) else { valid = false; continue }
                number.unit = MeasurementUnit(symbol)
                declaredUnit = Reference(name: symbol, location: setting.value.location)
            case "precision":
                guard let places = wholeNumber(setting, in: what) else { valid = false; continue }
                guard (0...NumberDeclaration.maximumPrecision).contains(places) else {
                    report(setting.value.location, "precision: \(places) in \(what) is outside 0 to \(NumberDeclaration.maximumPrecision)",
                           hint: "precision: is the decimal places shown, published and compared, "
                               + "from 0 to \(NumberDeclaration.maximumPrecision) (default \(NumberDeclaration.defaultPrecision))")
                    valid = false
                    continue
                }
                number.precision = places
            case "filters":
                guard let filters = filters(setting, in: what) else { valid = false; continue }
                number.filters = filters
            case "state_class":
                guard let stateClass = choice(setting, in: what, options: SensorStateClass.allCases.map { ($0.rawValue, $0) })
                else { valid = false; continue }
                number.stateClass = stateClass
            default:
                break
            }
        }
        return valid ? (number, declaredUnit) : nil
    }

    /// Reports each key of `settings` in `keys` as one a level does not take.
    mutating func refuseNumberKeys(_ settings: [SourceNode.Entry], keys: [String], in what: String, name: String) {
        for setting in settings where keys.contains(setting.key) {
            report(setting.keyLocation, "\(setting.key): applies to a number, and \(what) is a level",
                   hint: "add type: number to make '\(name)' a number, or remove \(setting.key):")
        }
    }

    /// Reports each key of `settings` in `keys` as one a number does not take.
    mutating func refuseLevelKeys(_ settings: [SourceNode.Entry], keys: [String], in what: String, hint: String) {
        for setting in settings where keys.contains(setting.key) {
            report(setting.keyLocation, "\(setting.key): applies to a level, and \(what) is a number (type: number)",
                   hint: hint)
        }
    }
}

import Values

/// Frequencies as people write them for a PWM output: a whole or decimal number and a
/// unit, `Hz`, `kHz` or `MHz`, with no space: `50Hz`, `1kHz`, `25kHz`, `1.5MHz`. A PWM
/// channel runs on whole nanoseconds, so a frequency becomes the period nearest to it.
///
/// ```swift
/// FrequencyText.parse("25kHz")                 // .value(25_000)
/// FrequencyText.period(ofHertz: 25_000)        // 40_000 (ns)
/// FrequencyText.format(period: 40_000)         // "25kHz"
/// FrequencyText.format(period: 3_000_000)      // nil: 333.33...Hz has no short exact form
/// ```
public enum FrequencyText {
    public enum Parsed: Equatable, Sendable {
        /// In hertz.
        case value(Double)
        case invalid(message: String, hint: String)
    }

    /// Largest first.
    private static let units: [(suffix: String, hertz: Double)] = [("MHz", 1_000_000), ("kHz", 1_000), ("Hz", 1)]

    static let unitHint = "write a number and a unit with no space, e.g. 25kHz, 1kHz, 50Hz or 1.5MHz (units: Hz, kHz, MHz)"

    public static func parse(_ text: String) -> Parsed {
        let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let suffix = text.dropFirst(number.count)
        let notAFrequency = Parsed.invalid(message: "'\(text)' is not a frequency", hint: unitHint)
        guard !number.isEmpty else {
            if text.hasPrefix("-"), case .value = parse(String(text.dropFirst())) {
                return .invalid(message: "the frequency '\(text)' is negative", hint: unitHint)
            }
            return notAFrequency
        }
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !parts[0].isEmpty, parts.count == 1 || (!parts[1].isEmpty && !parts[1].contains(".")),
              let value = Double(number), value.isFinite else { return notAFrequency }
        if suffix.isEmpty {
            return .invalid(message: "the frequency '\(text)' has no unit",
                            hint: "write \(number)Hz, or in kHz or MHz, e.g. 25kHz")
        }
        if let unit = units.first(where: { $0.suffix == suffix }) {
            return .value(value * unit.hertz)
        }
        if let unit = units.first(where: { $0.suffix.lowercased() == suffix.lowercased() }) {
            return .invalid(message: "'\(text)' is not a frequency", hint: "write \(number)\(unit.suffix)")
        }
        return notAFrequency
    }

    /// The period of `hertz` in whole nanoseconds, the nearest one.
    public static func period(ofHertz hertz: Double) -> UInt64 {
        UInt64((1e9 / hertz).rounded())
    }

    /// The shortest frequency whose period is exactly `period` nanoseconds (`25kHz` for
    /// 40 000), with at most three decimal places; nil when there is none.
    public static func format(period: UInt64) -> String? {
        guard period > 0 else { return nil }
        let hertz = 1e9 / Double(period)
        var best: String?
        for unit in units where hertz >= unit.hertz {
            for places in 0...3 {
                let text = decimal(hertz / unit.hertz, places: places) + unit.suffix
                guard case .value(let parsed) = parse(text), parsed > 0, Self.period(ofHertz: parsed) == period else {
                    continue
                }
                if best.map({ text.count < $0.count }) ?? true { best = text }
                break
            }
        }
        return best
    }

    /// `value` rounded to `places` decimal places as every number is shown
    /// (`DecimalText`), without trailing zeros: `1.5`, not `1.500`.
    private static func decimal(_ value: Double, places: Int) -> String {
        var text = DecimalText.format(value, places: places)
        guard text.contains("."), !text.contains("e") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

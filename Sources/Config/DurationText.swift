/// Durations as people write them, in a config file and on the command line alike: a
/// whole or decimal number and a unit, `ns`, `us` (or `µs`), `ms`, `s`, `m` or `h`, with
/// no space: `10ms`, `500us`, `1.5s`, `2m`; or several of them, the larger units first,
/// each once: `1m30s`, `1h0m5s`. A bare `0` is zero. One grammar, so that
/// `debounce: 10ms`, `gpioagg sim pulse switch1 --for 10ms` and a test file's
/// `wait: 1m59s` mean the same. `ReadableDuration` writes durations for people.
///
/// ```swift
/// DurationText.parse("1.5ms")   // .value(.microseconds(1500))
/// DurationText.parse("1m59s")   // .value(.seconds(119))
/// ```
public enum DurationText {
    public enum Parsed: Equatable, Sendable {
        case value(Duration)
        case invalid(message: String, hint: String)
    }

    /// Smallest first.
    private static let units: [(suffix: String, nanoseconds: Int64)] = [
        ("ns", 1), ("us", 1_000), ("µs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000),
        ("m", 60 * 1_000_000_000), ("h", 3_600 * 1_000_000_000),
    ]

    /// The longest duration written: far beyond any debounce period, and small enough
    /// that nanoseconds fit an `Int64` with room to spare.
    private static let maximumNanoseconds: Int64 = 1_000_000 * 1_000_000_000

    /// The units the grammar takes, smallest first, each once (`µs` is another spelling
    /// of `us`): `ns, us, ms, s, m, h`. Messages and help texts list these, so that they
    /// name what the parser reads.
    public static let unitNames: [String] = units.enumerated().filter { index, unit in
        index == 0 || units[index - 1].nanoseconds != unit.nanoseconds
    }.map(\.element.suffix)

    private static let unitHint = "write a number and a unit with no space, e.g. 10ms or 1m30s (units: "
        + unitNames.joined(separator: ", ") + ")"

    public static func parse(_ text: String) -> Parsed {
        if text == "0" { return .value(.zero) }
        let notADuration = Parsed.invalid(message: "'\(text)' is not a duration", hint: unitHint)
        if text.allSatisfy({ isNumberCharacter($0) }) {
            return text.isEmpty ? notADuration
                : .invalid(message: "the duration '\(text)' has no unit", hint: unitHint)
        }
        if text.hasPrefix("-") {
            if case .value = parse(String(text.dropFirst())) {
                return .invalid(message: "the duration '\(text)' is negative", hint: unitHint)
            }
            return notADuration
        }
        // Components of a number and a unit: `1m`, `59s`.
        var rest = Substring(text)
        var total: Int64 = 0
        var previousUnit = Int64.max
        while !rest.isEmpty {
            let number = rest.prefix { isNumberCharacter($0) }
            rest = rest.dropFirst(number.count)
            let suffix = rest.prefix { !isNumberCharacter($0) }
            rest = rest.dropFirst(suffix.count)
            if suffix.isEmpty {
                return .invalid(message: "the duration '\(text)' has no unit after \(number)", hint: unitHint)
            }
            guard let unit = units.first(where: { $0.suffix == suffix }) else { return notADuration }
            guard unit.nanoseconds < previousUnit else {
                return .invalid(message: "'\(text)' is not a duration",
                                hint: "write the larger units first, each once, e.g. 1m30s")
            }
            previousUnit = unit.nanoseconds
            switch component(number, unit: unit.nanoseconds, text: text) {
            case .value(let nanoseconds):
                let (sum, overflow) = total.addingReportingOverflow(nanoseconds)
                guard !overflow, sum <= maximumNanoseconds else { return tooLong(text) }
                total = sum
            case .invalid(let message, let hint):
                return .invalid(message: message, hint: hint)
            }
        }
        return .value(.nanoseconds(total))
    }

    private enum Component {
        case value(Int64)
        case invalid(message: String, hint: String)
    }

    /// One number of a duration (`1.5`) in `unit`s, exactly.
    private static func component(_ number: Substring, unit: Int64, text: String) -> Component {
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard let whole = parts.first, digits(whole), parts.count == 1 || digits(parts[1]) else {
            return .invalid(message: "'\(text)' is not a duration", hint: unitHint)
        }
        guard whole.count <= 19, let wholeNumber = Int64(whole),
              case let (wholeNanos, overflow) = wholeNumber.multipliedReportingOverflow(by: unit),
              !overflow, wholeNanos <= maximumNanoseconds else {
            return .invalid(message: "the duration '\(text)' is too long", hint: unitHint)
        }
        var fractionNanos: Int64 = 0
        if parts.count == 2 {
            // Exact decimal arithmetic: 1.5ms is 1_500_000 ns, never 1_499_999.
            var scale = unit
            for digit in parts[1] {
                let value = Int64(digit.wholeNumberValue ?? 0)
                if scale < 10 {
                    guard value == 0 else {
                        return .invalid(message: "the duration '\(text)' is finer than a nanosecond",
                                        hint: "round it to whole nanoseconds")
                    }
                    continue
                }
                scale /= 10
                fractionNanos += value * scale
            }
        }
        return .value(wholeNanos + fractionNanos)
    }

    private static func tooLong(_ text: String) -> Parsed {
        .invalid(message: "the duration '\(text)' is too long", hint: unitHint)
    }

    private static func isNumberCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isNumber || character == ".")
    }
}

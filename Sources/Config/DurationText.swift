/// Durations as people write them, in a config file and on the command line alike: a
/// whole or decimal number and a unit, `ns`, `us` (or `µs`), `ms` or `s`, with no
/// space: `10ms`, `500us`, `1.5s`. A bare `0` is zero. One grammar, so that
/// `debounce: 10ms` and `gpioagg sim pulse switch1 --for 10ms` mean the same.
///
/// ```swift
/// DurationText.parse("1.5ms")   // .value(.microseconds(1500))
/// DurationText.format(.milliseconds(10))   // "10ms"
/// ```
public enum DurationText {
    public enum Parsed: Equatable, Sendable {
        case value(Duration)
        case invalid(message: String, hint: String)
    }

    private static let units: [(suffix: String, nanoseconds: Int64)] = [
        ("ns", 1), ("us", 1_000), ("µs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000),
    ]

    /// The longest duration written: far beyond any debounce period, and small enough
    /// that nanoseconds fit an `Int64` with room to spare.
    private static let maximumNanoseconds: Int64 = 1_000_000 * 1_000_000_000

    public static func parse(_ text: String) -> Parsed {
        let unitHint = "write a number and a unit with no space, e.g. 10ms (units: ns, us, ms, s)"
        if text == "0" { return .value(.zero) }
        // `µs` ends in `s` too, so the longest suffix wins.
        guard let unit = units.filter({ text.hasSuffix($0.suffix) })
            .max(by: { $0.suffix.count < $1.suffix.count }) else {
            if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
                return .invalid(message: "the duration '\(text)' has no unit", hint: unitHint)
            }
            return .invalid(message: "'\(text)' is not a duration", hint: unitHint)
        }
        let number = String(text.dropLast(unit.suffix.count))
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard digits(parts[0]), parts.count == 1 || digits(parts[1]) else {
            if number.hasPrefix("-") {
                return .invalid(message: "the duration '\(text)' is negative", hint: unitHint)
            }
            return .invalid(message: "'\(text)' is not a duration", hint: unitHint)
        }
        let tooLong = Parsed.invalid(message: "the duration '\(text)' is too long", hint: unitHint)
        guard parts[0].count <= 19, let whole = Int64(parts[0]),
              case let (wholeNanos, overflow) = whole.multipliedReportingOverflow(by: unit.nanoseconds),
              !overflow, wholeNanos <= maximumNanoseconds else { return tooLong }
        var fractionNanos: Int64 = 0
        if parts.count == 2 {
            // Exact decimal arithmetic: 1.5ms is 1_500_000 ns, never 1_499_999.
            var scale = unit.nanoseconds
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
        let total = wholeNanos + fractionNanos
        guard total <= maximumNanoseconds else { return tooLong }
        return .value(.nanoseconds(total))
    }

    /// The shortest exact spelling: `10ms`, `1500us`, `2s`, `0`.
    public static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        if nanoseconds == 0 { return "0" }
        for (suffix, size) in units.reversed() where suffix != "µs" && nanoseconds % size == 0 {
            return "\(nanoseconds / size)\(suffix)"
        }
        return "\(nanoseconds)ns"
    }
}

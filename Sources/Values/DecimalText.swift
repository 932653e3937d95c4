/// Decimal numbers as text, one grammar wherever a person or a device writes one: a
/// config file's `initial:`, `above:` or `min:`, a test file's `set:` and `expect:`,
/// `gpioagg set` and `gpioagg sim set`, and a numeric input's MQTT payload.
///
/// A number is an optional sign, digits with an optional fraction, and an optional
/// exponent: `21`, `-0.5`, `.5`, `27.`, `1e3`, `2.5E-2`. Surrounding ASCII spaces are
/// ignored (a payload ending in a newline is still a number). Not numbers: `inf`,
/// `nan`, hexadecimal (`0x10`), a comma for the decimal point, digit separators, and
/// anything whose value does not fit a `Double` (`1e400`): Swift's `Double("...")`
/// accepts the first three, and a sensor's value of `nan` must not reach the graph as a
/// number.
///
/// Numbers are shown at a fixed number of decimal places, rounded half away from zero,
/// without exponent, and never as `-0`:
///
/// ```swift
/// DecimalText.parse("21.5")              // 21.5
/// DecimalText.parse("nan")               // nil
/// DecimalText.format(27.456, places: 1)  // "27.5"
/// DecimalText.format(-0.001, places: 2)  // "0.00"
/// ```
public enum DecimalText {
    /// The number `text` writes; nil when it is not a decimal number.
    public static func parse(_ text: String) -> Double? {
        let bytes = Array(text.trimmingSpacesAndLineEnds.utf8)
        guard isDecimal(bytes), let string = String(validating: bytes, as: UTF8.self),
              let value = Double(string), value.isFinite else { return nil }
        return value
    }

    /// `sign? (digits ('.' digits?)? | '.' digits) (('e'|'E') sign? digits)?`
    private static func isDecimal(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        var mantissa = digits()
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }

    /// `value` at `places` decimal places (0 to 9; outside that, clamped), rounded half
    /// away from zero. A value too large for its places to be exact (beyond 2^53 once
    /// scaled) is shown with Swift's shortest form instead.
    public static func format(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        let places = min(max(places, 0), 9)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9_007_199_254_740_992 else { return "\(value)" }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        var text = String(units / divisor)
        if places > 0 {
            let fraction = String(units % divisor)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return value < 0 && units != 0 ? "-" + text : text
    }
}

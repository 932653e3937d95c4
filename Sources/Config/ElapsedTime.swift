import GPIO

/// A span of time (virtual time since a scenario's start, how long a value has held,
/// a delay's time left), written compactly for people: `0s`, `250ms`,
/// `1.5ms`, `59s`, `2m1s`, `1m0.5s`, `1h0m5s`. Every spelling reads back in the duration
/// grammar (`DurationText`).
///
/// ```swift
/// ElapsedTime.format(.seconds(121))            // "2m1s"
/// ElapsedTime.format(.milliseconds(250))       // "250ms"
/// ```
public enum ElapsedTime {
    public static func format(_ duration: Duration) -> String {
        format(nanoseconds: duration.wholeNanoseconds)
    }

    public static func format(nanoseconds: UInt64) -> String {
        if nanoseconds == 0 { return "0s" }
        let second: UInt64 = 1_000_000_000
        guard nanoseconds >= second else {
            // Under a second: the largest unit that leaves a whole number before the point.
            for (suffix, size) in [("ms", UInt64(1_000_000)), ("us", 1_000)] where nanoseconds >= size {
                return decimal(nanoseconds, size) + suffix
            }
            return "\(nanoseconds)ns"
        }
        let hours = nanoseconds / (3_600 * second)
        let minutes = nanoseconds / (60 * second) % 60
        let rest = nanoseconds % (60 * second)
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if hours > 0 || minutes > 0 { text += "\(minutes)m" }
        return text + decimal(rest, second) + "s"
    }

    /// `value / size` with its fraction, trailing zeros dropped: `1.5`, `250`, `0.001`.
    private static func decimal(_ value: UInt64, _ size: UInt64) -> String {
        let whole = value / size
        let fraction = value % size
        guard fraction > 0 else { return "\(whole)" }
        let width = String(size - 1).count
        var digits = String(fraction)
        digits = String(repeating: "0", count: width - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}

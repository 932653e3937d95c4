/// A duration written the way people write one, for everything gpioagg shows a person:
/// `why`'s times, `check`'s values, `gpioagg test`'s virtual times, command-line
/// messages. The largest units first, each once, parts that are zero left out (`3m`,
/// `1h30m`, `1m12s`, `1.5s`), and no finer than people read: from a second up, to the
/// millisecond (`2m54.607s`, not
/// `2m54.606980485s`); under a second, to three decimals of its unit (`250ms`, `1.5ms`,
/// `12us`). Every spelling reads back in the duration grammar (`DurationText`), exactly
/// for every duration written to that precision, as config values are.
///
/// ```swift
/// ReadableDuration.format(.seconds(180))                        // "3m"
/// ReadableDuration.format(nanoseconds: 174_606_980_485)         // "2m54.607s"
/// ReadableDuration.format(.milliseconds(250))                   // "250ms"
/// ```
public enum ReadableDuration {
    public static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return "-" + format(.zero - duration) }
        let nanoseconds = UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
        return format(nanoseconds: nanoseconds)
    }

    public static func format(nanoseconds: UInt64) -> String {
        let millisecond: UInt64 = 1_000_000
        let second = 1_000 * millisecond
        if nanoseconds == 0 { return "0s" }
        if nanoseconds < second {
            // Three decimals of the largest unit under the second that fits; a value
            // that rounds up to the next unit is written in that unit.
            if nanoseconds < 1_000 { return "\(nanoseconds)ns" }
            if nanoseconds < millisecond { return decimal(nanoseconds, 1_000) + "us" }
            let microseconds = (nanoseconds + 500) / 1_000
            if microseconds < 1_000_000 { return decimal(microseconds, 1_000) + "ms" }
        }
        let milliseconds = (nanoseconds + millisecond / 2) / millisecond
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let rest = milliseconds % 60_000
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if rest > 0 { text += decimal(rest, 1_000) + "s" }
        return text
    }

    /// `value / size` with its fraction, trailing zeros dropped: `1.5`, `250`, `54.607`.
    private static func decimal(_ value: UInt64, _ size: UInt64) -> String {
        let whole = value / size
        let fraction = value % size
        guard fraction > 0 else { return "\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: String(size - 1).count - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}

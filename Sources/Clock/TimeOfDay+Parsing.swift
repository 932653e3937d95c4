import SystemCore

extension TimeOfDay {
    /// Reads `text`: `HH:MM` or `HH:MM:SS` (00:00 to 23:59:59; the hour may have one
    /// digit), or `sunrise`, `sunset`, `dawn`, `dusk` followed by an optional offset:
    /// a sign and hours, minutes and seconds parts in that order (`+15m`, `-1h30m`,
    /// `+90s`), at most 12 hours. The error says what is wrong and what to write.
    public init(parsing text: String) throws(ClockError) {
        if let first = text.unicodeScalars.first, ("0"..."9").contains(first) {
            self = .clock(secondOfDay: try TimeOfDay.clockSeconds(text))
            return
        }
        let lowered = text.lowercased()
        guard let event = SunEvent.allCases.first(where: { lowered.hasPrefix($0.rawValue) }) else {
            let word = String(lowered.prefix { $0 != "+" && $0 != "-" })
            let close = NameSuggestions.didYouMean(NameSuggestions.closeNames(to: word, among: SunEvent.allCases.map(\.rawValue)))
                .map { " (\($0))" } ?? ""
            throw .badTimeOfDay(text, "give HH:MM, HH:MM:SS, or sunrise, sunset, dawn or dusk with an optional offset such as +15m"
                + close)
        }
        let rest = String(lowered.dropFirst(event.rawValue.count))
        self = .sun(event, offset: rest.isEmpty ? 0 : try TimeOfDay.offsetSeconds(rest, in: text))
    }

    /// `HH:MM` or `HH:MM:SS` in seconds after midnight.
    private static func clockSeconds(_ text: String) throws(ClockError) -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else {
            throw .badTimeOfDay(text, "give HH:MM or HH:MM:SS, such as 06:30 or 23:00:15")
        }
        func number(_ part: Substring, _ name: String, digits: ClosedRange<Int>, limit: Int) throws(ClockError) -> Int {
            guard digits.contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else {
                let count = digits.lowerBound == digits.upperBound ? "two" : "one or two"
                throw .badTimeOfDay(text, "the \(name) \"\(part)\" is not \(count) digits: give HH:MM or HH:MM:SS, such as 06:30")
            }
            guard value <= limit else {
                throw .badTimeOfDay(text, "the \(name) is \(value): give 00 to \(limit)")
            }
            return value
        }
        let hour = try number(parts[0], "hour", digits: 1...2, limit: 23)
        let minute = try number(parts[1], "minute", digits: 2...2, limit: 59)
        let second = parts.count == 3 ? try number(parts[2], "second", digits: 2...2, limit: 59) : 0
        return hour * 3600 + minute * 60 + second
    }

    /// `+1h30m`, `-15m`, `+90s` in seconds.
    private static func offsetSeconds(_ offset: String, in text: String) throws(ClockError) -> Int {
        let usage = "write the offset as + or - and hours, minutes and seconds in that order, such as sunset+15m or sunrise-1h30m"
        var scalars = Array(offset.unicodeScalars)
        guard let sign = scalars.first, sign == "+" || sign == "-" else { throw .badTimeOfDay(text, usage) }
        scalars.removeFirst()
        guard !scalars.isEmpty else { throw .badTimeOfDay(text, usage) }
        var total = 0
        var units: [Unicode.Scalar] = ["h", "m", "s"]
        var digits = 0
        var value = 0
        for scalar in scalars {
            if ("0"..."9").contains(scalar) {
                digits += 1
                guard digits <= 6 else { throw .badTimeOfDay(text, "the offset is too large: give at most 12h") }
                value = value * 10 + Int(scalar.value - 48)
                continue
            }
            guard digits > 0, let position = units.firstIndex(of: scalar) else { throw .badTimeOfDay(text, usage) }
            total += value * [3600, 60, 1][3 - units.count + position]
            units.removeFirst(position + 1)
            digits = 0
            value = 0
        }
        guard digits == 0 else { throw .badTimeOfDay(text, "the offset's last number has no unit: " + usage) }
        guard total <= largestSunOffset else {
            throw .badTimeOfDay(text, "the offset is more than 12h: give at most 12h, or a clock time such as 06:30")
        }
        return sign == "-" ? -total : total
    }
}

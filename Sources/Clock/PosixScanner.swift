/// Reads the parts of a POSIX TZ string: names, offsets and times, and change dates.
/// Every failure names the footer and what is wrong with it.
struct PosixScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[index] }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// `CET` (three or more letters) or `<+0530>` (quoted: letters, digits, + and -).
    mutating func name(in text: String) throws(ClockError) -> String {
        var name: [UInt8] = []
        if take(UInt8(ascii: "<")) {
            while let byte = peek, byte != UInt8(ascii: ">") {
                name.append(byte)
                index += 1
            }
            guard take(UInt8(ascii: ">")) else { throw .badFooter(text, "a '<' without its '>'") }
        } else {
            while let byte = peek, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) {
                name.append(byte)
                index += 1
            }
        }
        guard name.count >= 3 else { throw .badFooter(text, "a zone abbreviation shorter than three characters") }
        return String(decoding: name, as: UTF8.self)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hours 0 to 167 (RFC 8536's version 3 range).
    mutating func offset(in text: String) throws(ClockError) -> Int {
        var sign = 1
        if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
        let hours = try number(in: text, upTo: 167)
        var seconds = hours * 3600
        if take(UInt8(ascii: ":")) {
            seconds += try number(in: text, upTo: 59) * 60
            if take(UInt8(ascii: ":")) { seconds += try number(in: text, upTo: 59) }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`.
    mutating func transitionDate(in text: String) throws(ClockError) -> PosixTransitionDate {
        if take(UInt8(ascii: "J")) {
            let day = try number(in: text, upTo: 365)
            guard day >= 1 else { throw .badFooter(text, "day J0 (J counts from 1)") }
            return .julianSkippingLeapDay(day)
        }
        if take(UInt8(ascii: "M")) {
            let month = try number(in: text, upTo: 12)
            guard month >= 1, take(UInt8(ascii: ".")) else { throw .badFooter(text, "a month rule that is not Mm.w.d") }
            let week = try number(in: text, upTo: 5)
            guard week >= 1, take(UInt8(ascii: ".")) else { throw .badFooter(text, "a month rule that is not Mm.w.d") }
            let weekday = try number(in: text, upTo: 6)
            return .monthWeekDay(month: month, week: week, weekday: weekday)
        }
        return .zeroBasedDay(try number(in: text, upTo: 365))
    }

    private mutating func number(in text: String, upTo limit: Int) throws(ClockError) -> Int {
        var value = 0
        var digits = 0
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 4 {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw .badFooter(text, "a number missing") }
        guard value <= limit else { throw .badFooter(text, "\(value) is above \(limit)") }
        return value
    }
}

/// A POSIX TZ string, as the footer of a TZif file gives the rule for every instant
/// after the file's last transition: `CET-1CEST,M3.5.0,M10.5.0/3` is CET (UTC+1) with
/// CEST (UTC+2) from the last Sunday of March at 02:00 to the last Sunday of October at
/// 03:00. Debian's zone files are "slim": they list transitions only up to the present
/// rules, so this rule decides every future year. RFC 8536's version 3 extensions
/// (hours from -167 to 167) are accepted.
///
/// ```swift
/// let rule = try PosixTimeZone(parsing: "EST5EDT,M3.2.0,M11.1.0")
/// rule.localTimeType(at: 1_782_000_000).abbreviation   // "EDT"
/// ```
struct PosixTimeZone: Hashable, Sendable {
    let standard: LocalTimeType
    let daylightSaving: DaylightSaving?

    /// When the daylight saving time of a rule starts and ends, each at a time of day on
    /// the local clock then in effect (standard time for the start, daylight saving
    /// time for the end).
    struct DaylightSaving: Hashable, Sendable {
        let type: LocalTimeType
        let start: PosixTransitionDate
        let startTime: Int
        let end: PosixTransitionDate
        let endTime: Int
    }

    init(parsing text: String) throws(ClockError) {
        var scanner = PosixScanner(Array(text.utf8))
        let standardName = try scanner.name(in: text)
        let standardOffset = try scanner.offset(in: text)
        standard = LocalTimeType(utcOffset: -standardOffset, isDaylightSaving: false, abbreviation: standardName)
        guard !scanner.atEnd else {
            daylightSaving = nil
            return
        }
        let daylightName = try scanner.name(in: text)
        var daylightOffset = standardOffset - 3600
        if !scanner.atEnd, scanner.peek != UInt8(ascii: ",") {
            daylightOffset = try scanner.offset(in: text)
        }
        // Without a rule POSIX leaves the dates to the implementation; no TZif file
        // written by zic has one, so it is refused rather than guessed.
        guard scanner.take(UInt8(ascii: ",")) else { throw .badFooter(text, "no dates for daylight saving time") }
        let start = try scanner.transitionDate(in: text)
        let startTime = scanner.take(UInt8(ascii: "/")) ? try scanner.offset(in: text) : 7200
        guard scanner.take(UInt8(ascii: ",")) else { throw .badFooter(text, "no end date for daylight saving time") }
        let end = try scanner.transitionDate(in: text)
        let endTime = scanner.take(UInt8(ascii: "/")) ? try scanner.offset(in: text) : 7200
        guard scanner.atEnd else { throw .badFooter(text, "unexpected text at its end") }
        daylightSaving = DaylightSaving(
            type: LocalTimeType(utcOffset: -daylightOffset, isDaylightSaving: true, abbreviation: daylightName),
            start: start, startTime: startTime, end: end, endTime: endTime)
    }

    /// The local time type in effect at `instant` (seconds since the epoch, UTC).
    func localTimeType(at instant: Int64) -> LocalTimeType {
        guard let daylightSaving else { return standard }
        let standardWall = instant + Int64(standard.utcOffset)
        let year = LocalDateTime(wallSeconds: standardWall).date.year
        // The rule's year is the local one; around New Year the neighbouring years'
        // changes are the ones that matter, so all three are asked. A southern rule
        // (its start after its end in the year) keeps daylight saving time across New
        // Year, from one year's start to the next year's end.
        for candidate in [year - 1, year, year + 1] {
            let (start, end) = changes(in: candidate, daylightSaving)
            let until = start < end ? end : changes(in: candidate + 1, daylightSaving).end
            if start <= instant, instant < until { return daylightSaving.type }
        }
        return standard
    }

    /// The instants (UTC) daylight saving time starts and ends in `year`.
    private func changes(in year: Int, _ daylightSaving: DaylightSaving) -> (start: Int64, end: Int64) {
        let start = daylightSaving.start.date(in: year).dayNumber * 86400 + Int64(daylightSaving.startTime)
            - Int64(standard.utcOffset)
        let end = daylightSaving.end.date(in: year).dayNumber * 86400 + Int64(daylightSaving.endTime)
            - Int64(daylightSaving.type.utcOffset)
        return (start, end)
    }
}

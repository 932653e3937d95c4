/// A time zone's rules: its offset from UTC at every instant, from the transitions of a
/// TZif file (RFC 8536) and, after the last one, its footer's POSIX TZ rule. Instants
/// are seconds since 1970-01-01 00:00 UTC (`Int64`, leap seconds not counted, as
/// `time_t` and the loop's wall clock count them).
///
/// Turning a wall-clock reading into an instant follows two rules, for the two nights a
/// year the clocks change:
/// - a reading that does not exist that day (02:30 when clocks go from 02:00 to 03:00)
///   is the first instant after the gap: the change itself (03:00);
/// - a reading that happens twice (02:30 when clocks go back from 03:00 to 02:00)
///   is the first of the two (02:30 daylight saving time).
///
/// ```swift
/// let berlin = try TimeZoneRules.named("Europe/Berlin")
/// berlin.offset(at: 1_782_000_000)                        // 7200 (CEST)
/// let local = berlin.localDateTime(at: 1_782_000_000)     // 2026-06-21 02:00:00
/// berlin.instant(of: local)                               // 1_782_000_000
/// ```
public struct TimeZoneRules: Hashable, Sendable {
    /// The zone's name for people: `Europe/Berlin`, `UTC`, or the path of a file that
    /// has no IANA name.
    public let name: String
    /// The instants the offset changes at, ascending.
    let transitions: [Int64]
    /// For each transition, the index in `types` of the time that starts then.
    let transitionTypes: [Int]
    /// The local time types; the first is the one before the first transition.
    let types: [LocalTimeType]
    /// The rule after the last transition; nil: the last transition's type holds.
    let footer: PosixTimeZone?

    init(name: String, transitions: [Int64], transitionTypes: [Int], types: [LocalTimeType], footer: PosixTimeZone?) {
        self.name = name
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.footer = footer
    }

    /// Coordinated Universal Time: offset 0 at every instant.
    public static let utc = TimeZoneRules(
        name: "UTC", transitions: [], transitionTypes: [],
        types: [LocalTimeType(utcOffset: 0, isDaylightSaving: false, abbreviation: "UTC")], footer: nil)

    /// A zone at a fixed offset from UTC (seconds east), for tests and for places that
    /// keep one all year.
    public static func fixed(name: String, utcOffset: Int) -> TimeZoneRules {
        TimeZoneRules(name: name, transitions: [], transitionTypes: [],
                      types: [LocalTimeType(utcOffset: utcOffset, isDaylightSaving: false, abbreviation: name)], footer: nil)
    }

    /// The local time type in effect at `instant`: its offset, whether it is daylight
    /// saving time, its abbreviation.
    public func localTimeType(at instant: Int64) -> LocalTimeType {
        let instant = Self.clamped(instant)
        guard let first = transitions.first, instant >= first else {
            // Before the first transition RFC 8536 says the first type holds; a file with
            // no transitions at all is its footer's rule when it has one.
            if transitions.isEmpty, let footer { return footer.localTimeType(at: instant) }
            return types[0]
        }
        if instant >= transitions[transitions.count - 1], let footer { return footer.localTimeType(at: instant) }
        // The last transition at or before the instant.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return types[transitionTypes[low]]
    }

    /// Seconds east of UTC at `instant`: 3600 in Berlin in winter, 7200 in summer.
    public func offset(at instant: Int64) -> Int {
        localTimeType(at: instant).utcOffset
    }

    /// The wall clock's reading at `instant`.
    public func localDateTime(at instant: Int64) -> LocalDateTime {
        let instant = Self.clamped(instant)
        return LocalDateTime(wallSeconds: instant + Int64(offset(at: instant)))
    }

    /// `instant` as ISO 8601 in local time with its offset: `2026-06-21T00:00:00+02:00`.
    public func iso8601(at instant: Int64) -> String {
        let instant = Self.clamped(instant)
        let local = localDateTime(at: instant)
        let offset = offset(at: instant)
        let minutes = abs(offset) / 60
        return "\(local.date)T\(CivilDate.padded(local.hour, 2)):\(CivilDate.padded(local.minute, 2)):"
            + "\(CivilDate.padded(local.second, 2))\(offset < 0 ? "-" : "+")"
            + "\(CivilDate.padded(minutes / 60, 2)):\(CivilDate.padded(minutes % 60, 2))"
    }

    /// The instants the rules answer for: the calendar's million years either side of
    /// 1970. One beyond is taken as the nearest end, so that no arithmetic overflows.
    public static let instants: ClosedRange<Int64> = -(365_000_000 * 86400)...(365_000_000 * 86400)

    static func clamped(_ instant: Int64) -> Int64 { min(max(instant, instants.lowerBound), instants.upperBound) }

    /// The instant the wall clock reads `local`: the first of two when the reading
    /// happens twice, the change itself when the reading is skipped (see the type's
    /// comment).
    public func instant(of local: LocalDateTime) -> Int64 {
        let wall = local.wallSeconds
        // A change within a day either side is all that can make a reading skipped or
        // doubled; the offsets in effect then are the only candidates.
        var offsets: [Int] = []
        for probe in [wall - 86400, wall, wall + 86400] {
            let offset = offset(at: probe)
            if !offsets.contains(offset) { offsets.append(offset) }
        }
        let matches = offsets.map { wall - Int64($0) }.filter { wall - $0 == Int64(offset(at: $0)) }
        if let first = matches.min() { return first }
        // Skipped: the change lies after the reading counted at the larger offset and at
        // or before it counted at the smaller one.
        var before = wall - Int64(offsets.max()!)
        var after = wall - Int64(offsets.min()!)
        let offsetBefore = offset(at: before)
        while after - before > 1 {
            let middle = before + (after - before) / 2
            if offset(at: middle) == offsetBefore { before = middle } else { after = middle }
        }
        return after
    }

    /// The instant of `secondOfDay` on `date`, by the same rules as `instant(of:)`.
    public func instant(of date: CivilDate, secondOfDay: Int) -> Int64 {
        instant(of: LocalDateTime(date: date, secondOfDay: secondOfDay))
    }

    /// The first instant of `date`: its midnight, or the change when midnight is
    /// skipped.
    public func startOfDay(_ date: CivilDate) -> Int64 {
        instant(of: LocalDateTime(date: date, secondOfDay: 0))
    }
}

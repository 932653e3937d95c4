/// A reading of a wall clock and calendar in some zone: a date and the seconds since
/// its midnight (0 to 86399), with no zone of its own. A zone turns it into an instant
/// (`TimeZoneRules.instant(of:)`) and an instant into it (`localDateTime(at:)`).
///
/// ```swift
/// let evening = LocalDateTime(date: try CivilDate(year: 2026, month: 6, day: 21), hour: 23, minute: 0)
/// evening.secondOfDay           // 82800
/// ```
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let date: CivilDate
    /// Seconds since the date's midnight, 0 to 86399.
    public let secondOfDay: Int

    /// `secondOfDay` outside 0 to 86399 carries into the days before or after:
    /// `LocalDateTime(date: d, secondOfDay: 86400)` is the next day's midnight.
    public init(date: CivilDate, secondOfDay: Int) {
        var days = secondOfDay / 86400
        var second = secondOfDay % 86400
        if second < 0 {
            days -= 1
            second += 86400
        }
        self.date = days == 0 ? date : date.adding(days: days)
        self.secondOfDay = second
    }

    public init(date: CivilDate, hour: Int, minute: Int, second: Int = 0) {
        self.init(date: date, secondOfDay: hour * 3600 + minute * 60 + second)
    }

    /// The reading counted as seconds from 1970-01-01 00:00 on the same wall clock: what
    /// the instant would be if the zone were UTC.
    public var wallSeconds: Int64 { date.dayNumber * 86400 + Int64(secondOfDay) }

    /// The reading `wallSeconds` gives back.
    public init(wallSeconds: Int64) {
        var days = wallSeconds / 86400
        var second = wallSeconds % 86400
        if second < 0 {
            days -= 1
            second += 86400
        }
        self.date = CivilDate(dayNumber: days)
        self.secondOfDay = Int(second)
    }

    public var hour: Int { secondOfDay / 3600 }
    public var minute: Int { secondOfDay / 60 % 60 }
    public var second: Int { secondOfDay % 60 }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.wallSeconds < rhs.wallSeconds }

    /// `2026-06-21 23:00:00`.
    public var description: String {
        "\(date) \(CivilDate.padded(hour, 2)):\(CivilDate.padded(minute, 2)):\(CivilDate.padded(second, 2))"
    }
}

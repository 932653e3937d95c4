/// A day of the proleptic Gregorian calendar, with no time and no zone: what a person
/// means by "2026-03-29". Days are counted from 1970-01-01 (day 0), which makes adding
/// days and finding the weekday plain integer arithmetic.
///
/// ```swift
/// let date = try CivilDate(year: 2026, month: 3, day: 29)
/// date.dayNumber                 // 20541
/// date.weekday                   // .sun
/// date.adding(days: 3)           // 2026-04-01
/// CivilDate(dayNumber: 0)        // 1970-01-01
/// ```
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1 (January) to 12.
    public let month: Int
    /// 1 to the month's last day.
    public let day: Int

    /// The date, or an error naming the part out of range.
    public init(year: Int, month: Int, day: Int) throws(ClockError) {
        guard (-998_000...998_000).contains(year) else { throw .dateOutOfRange("year \(year)") }
        guard (1...12).contains(month) else { throw .dateOutOfRange("month \(month)") }
        let last = CivilDate.daysInMonth(year: year, month: month)
        guard (1...last).contains(day) else { throw .dateOutOfRange("day \(day) of \(year)-\(month)") }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The days either side of 1970-01-01 a date may lie: about a million years. A day
    /// number beyond is taken as the nearest end.
    public static let dayNumbers: ClosedRange<Int64> = -365_000_000...365_000_000

    /// The date `dayNumber` days after 1970-01-01 (before it when negative). Howard
    /// Hinnant's `civil_from_days`: eras of 400 years (146097 days) starting on March 1st,
    /// so that the leap day is the last day of a year.
    public init(dayNumber: Int64) {
        let z = min(max(dayNumber, CivilDate.dayNumbers.lowerBound), CivilDate.dayNumbers.upperBound) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097                                                  // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)   // 0...365
        let shiftedMonth = (5 * dayOfYear + 2) / 153                                      // 0 = March
        day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
    }

    /// Days since 1970-01-01: Howard Hinnant's `days_from_civil`.
    public var dayNumber: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day of the week (1970-01-01 was a Thursday).
    public var weekday: Weekday {
        let mondayBased = ((dayNumber + 3) % 7 + 7) % 7   // 0 = Monday
        return Weekday(rawValue: Int(mondayBased) + 1)!
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> CivilDate {
        let (sum, overflow) = dayNumber.addingReportingOverflow(Int64(days))
        return CivilDate(dayNumber: overflow ? (days > 0 ? .max : .min) : sum)
    }

    /// Days in `month` of `year` (28 to 31).
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether `year` has a February 29th.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `2026-03-29`.
    public var description: String {
        let yearText = year < 0 ? "-" + CivilDate.padded(-year, 4) : CivilDate.padded(year, 4)
        return "\(yearText)-\(CivilDate.padded(month, 2))-\(CivilDate.padded(day, 2))"
    }

    static func padded(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

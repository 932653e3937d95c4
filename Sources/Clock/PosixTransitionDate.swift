/// The day of a POSIX TZ rule's change (`M3.5.0`, `J60`, `59`), as a TZif footer
/// gives it (POSIX.1-2017 section 8.3; RFC 8536 section 3.3.1).
enum PosixTransitionDate: Hashable, Sendable {
    /// `Jn`: day 1 to 365 of the year, February 29th never counted.
    case julianSkippingLeapDay(Int)
    /// `n`: day 0 to 365 of the year, February 29th counted.
    case zeroBasedDay(Int)
    /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1 to 5, 5 = the last) of month `m`.
    case monthWeekDay(month: Int, week: Int, weekday: Int)

    /// The date it falls on in `year`.
    func date(in year: Int) -> CivilDate {
        let january1 = CivilDate(dayNumber: (try? CivilDate(year: year, month: 1, day: 1))?.dayNumber ?? 0)
        switch self {
        case .julianSkippingLeapDay(let n):
            let leapShift = CivilDate.isLeapYear(year) && n >= 60 ? 1 : 0
            return january1.adding(days: n - 1 + leapShift)
        case .zeroBasedDay(let n):
            return january1.adding(days: n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate(dayNumber: (try? CivilDate(year: year, month: month, day: 1))?.dayNumber ?? 0)
            let firstWeekday = first.weekday.rawValue % 7   // 0 = Sunday, as POSIX counts
            var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            while day > CivilDate.daysInMonth(year: year, month: month) { day -= 7 }
            return first.adding(days: day - 1)
        }
    }
}

/// A calendar period a count restarts at (the config's `period:`): a local day, a week
/// starting on Monday, a month or a year, in a zone. Its bounds are instants, so a day
/// is 23 or 25 hours long the days clocks change.
///
/// ```swift
/// let today = CalendarPeriod.day.bounds(containing: now, in: berlin)
/// today.lowerBound   // local midnight
/// today.upperBound   // the next local midnight: when the count restarts
/// ```
public enum CalendarPeriod: String, CaseIterable, Hashable, Sendable {
    case day
    case week
    case month
    case year

    /// The period holding `instant`: from its first instant (included) to the next
    /// period's first (excluded). A period starts at its first day's midnight, or at the
    /// change when the clocks skip that midnight.
    public func bounds(containing instant: Int64, in zone: TimeZoneRules) -> Range<Int64> {
        var first = firstDay(of: zone.localDateTime(at: instant).date)
        // Where clocks go back over midnight, the repeated hour reads as the day before
        // but lies after the next day's start: the instants decide. One step either way
        // is all a change of the clocks can take (at the calendar's ends there is none).
        if zone.startOfDay(first) > instant { first = firstDay(of: first.adding(days: -1)) }
        if zone.startOfDay(following(first)) <= instant { first = following(first) }
        let start = zone.startOfDay(first)
        return start..<max(zone.startOfDay(following(first)), start + 1)
    }

    /// The first day of the period holding `date`.
    public func firstDay(of date: CivilDate) -> CivilDate {
        switch self {
        case .day:
            return date
        case .week:
            return date.adding(days: 1 - date.weekday.rawValue)
        case .month:
            return date.adding(days: 1 - date.day)
        case .year:
            return CivilDate(dayNumber: date.dayNumber - Int64(dayOfYear(date)))
        }
    }

    /// The first day of the period after the one starting on `first`.
    private func following(_ first: CivilDate) -> CivilDate {
        switch self {
        case .day: first.adding(days: 1)
        case .week: first.adding(days: 7)
        case .month: first.adding(days: CivilDate.daysInMonth(year: first.year, month: first.month))
        case .year: first.adding(days: CivilDate.isLeapYear(first.year) ? 366 : 365)
        }
    }

    private func dayOfYear(_ date: CivilDate) -> Int {
        (1..<date.month).reduce(date.day - 1) { $0 + CivilDate.daysInMonth(year: date.year, month: $1) }
    }
}

/// A moment of the day (the config's `at:`) on the `days` given (every day by
/// default): fires once a day at its time, converted on that day. A clock time the
/// clocks skip fires at the change (02:30 fires at 03:00 the night clocks go forward);
/// one they pass twice fires the first time only.
///
/// ```swift
/// let lightsOut = try DailyMoment(at: .clock(secondOfDay: 23 * 3600))
/// lightsOut.next(after: now, in: berlin, at: nil)?.instant        // the coming 23:00
/// lightsOut.latest(atOrBefore: now, in: berlin, at: nil)?.date    // the day it last fired
/// ```
public struct DailyMoment: Hashable, Sendable {
    public let time: TimeOfDay
    public let days: Set<Weekday>

    public init(at time: TimeOfDay, days: Set<Weekday> = Set(Weekday.allCases)) throws(ClockError) {
        guard !days.isEmpty else { throw .noDays }
        self.time = time
        self.days = days
    }

    /// The firing on local `date`; nil when `date` is not one of `days`, or the time is
    /// a sun event and there is no place.
    public func firing(on date: CivilDate, in zone: TimeZoneRules, at place: Place?) -> MomentFiring? {
        guard days.contains(date.weekday), let instant = time.instant(on: date, in: zone, at: place) else { return nil }
        return MomentFiring(date: date, instant: instant)
    }

    /// The first firing strictly after `instant`.
    public func next(after instant: Int64, in zone: TimeZoneRules, at place: Place?) -> MomentFiring? {
        // A day's firing lies within a day and a half of the day (sun offsets of at most
        // 12 hours): from two days back, a week and more ahead holds the next one.
        firings(around: instant, from: -2, through: 9, in: zone, at: place)
            .filter { $0.instant > instant }.min { $0.instant < $1.instant }
    }

    /// The last firing at or before `instant`: the one the engine fires late after a
    /// pause, and the day it must not fire again.
    public func latest(atOrBefore instant: Int64, in zone: TimeZoneRules, at place: Place?) -> MomentFiring? {
        firings(around: instant, from: -9, through: 2, in: zone, at: place)
            .filter { $0.instant <= instant }.max { $0.instant < $1.instant }
    }

    private func firings(around instant: Int64, from first: Int, through last: Int,
                         in zone: TimeZoneRules, at place: Place?) -> [MomentFiring] {
        let today = zone.localDateTime(at: instant).date
        return (first...last).compactMap { firing(on: today.adding(days: $0), in: zone, at: place) }
    }
}

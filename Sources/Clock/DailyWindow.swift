/// A window of the day (the config's `between: [FROM, TO]`): on from FROM (included)
/// to TO (excluded), starting on the `days` given (every day by default).
///
/// Which TO ends the window that starts on local date D:
/// - both clock times: TO on D when FROM is before TO, otherwise TO on D + 1 (the window
///   spans midnight exactly when FROM >= TO; the same time twice is refused);
/// - a sun event at either end: TO(D) when it is after FROM(D); otherwise TO(D + 1) when
///   TO is a morning end (a clock time before 12:00, or sunrise or dawn with any offset:
///   `[sunset, sunrise]`, `["22:00", "sunrise-30m"]`); otherwise there is no window on D
///   (`[sunset, "23:00"]` on a night the sun sets after 23:00).
///
/// With `Place.time(of:on:in:)`'s rule for days the sun does not rise or set, a day
/// window (`[sunrise, sunset]`) fills the date of a polar day and is off through a polar
/// night, and a night window (`[sunset, sunrise]`) the other way round. On the first
/// day after a polar day the window that filled the date ends at midnight and the next
/// starts at that day's sunrise, often a few minutes later.
///
/// Each end is converted on its own day, so a window follows the wall clock across a
/// change of the clocks: `["22:00", "06:00"]` lasts 7 hours the night clocks go forward
/// and 9 hours the night they go back. A reading the clocks skip starts or ends at the
/// change; one they pass twice, the first time.
///
/// ```swift
/// let night = try DailyWindow(from: .clock(secondOfDay: 22 * 3600), to: .clock(secondOfDay: 6 * 3600))
/// let state = night.state(at: now, in: berlin, at: nil)   // isOn, nextChange
/// ```
public struct DailyWindow: Hashable, Sendable {
    public let from: TimeOfDay
    public let to: TimeOfDay
    /// The days a window may start on.
    public let days: Set<Weekday>

    public init(from: TimeOfDay, to: TimeOfDay, days: Set<Weekday> = Set(Weekday.allCases)) throws(ClockError) {
        guard from != to else { throw .sameTimes(from.description) }
        guard !days.isEmpty else { throw .noDays }
        self.from = from
        self.to = to
        self.days = days
    }

    /// The window that starts on local `date`, as instants (start included, end
    /// excluded); nil when none starts that day (not one of `days`, the sun's rule, a
    /// sun event with no place, or both ends in one skipped hour).
    public func occurrence(startingOn date: CivilDate, in zone: TimeZoneRules, at place: Place?) -> Range<Int64>? {
        guard days.contains(date.weekday), let start = from.instant(on: date, in: zone, at: place) else { return nil }
        let end: Int64
        if case .clock(let fromSecond) = from, case .clock(let toSecond) = to {
            guard let sameDay = to.instant(on: date, in: zone, at: place),
                  let nextDay = to.instant(on: date.adding(days: 1), in: zone, at: place) else { return nil }
            end = fromSecond < toSecond ? sameDay : nextDay
        } else {
            guard let sameDay = to.instant(on: date, in: zone, at: place) else { return nil }
            if sameDay > start {
                end = sameDay
            } else if endsInTheMorning,
                      let nextDay = to.instant(on: date.adding(days: 1), in: zone, at: place) {
                end = nextDay
            } else {
                return nil
            }
        }
        return start < end ? start..<end : nil
    }

    /// Whether TO is a morning end: a
    /// clock time before 12:00, or a rising sun event (sunrise, dawn, with any offset).
    /// A rising event is before local noon wherever the sun rises and sets; counting it
    /// as morning on polar days too keeps the sun's rule whole: `[sunset, sunrise]` is on
    /// all day in the polar night, `[sunrise, sunset]` never.
    private var endsInTheMorning: Bool {
        switch to {
        case .clock(let secondOfDay): secondOfDay < 12 * 3600
        case .sun(let event, _): event.isRising
        }
    }

    /// Whether the window is on at `instant`, and the next instant that can change (a
    /// window that started the day before counts).
    public func state(at instant: Int64, in zone: TimeZoneRules, at place: Place?) -> WindowState {
        let today = zone.localDateTime(at: instant).date
        // A window starting on D begins after D - 2 begins and ends before D + 3 does
        // (sun events fall near D's own noon, and offsets are at most 12 hours), so
        // three days back cover every window that can hold `instant`, and every window
        // starting after the days looked at lies after the start of the last day but one.
        var intervals: [Range<Int64>] = []
        var last = -4
        for horizon in [8, 400] {
            for day in (last + 1)...horizon {
                if let occurrence = occurrence(startingOn: today.adding(days: day), in: zone, at: place) {
                    intervals.append(occurrence)
                }
            }
            last = horizon
            let known = zone.startOfDay(today.adding(days: horizon - 1))
            if let answer = Self.answer(intervals, instant, knownUntil: known) { return answer }
        }
        return WindowState(isOn: false, nextChange: zone.startOfDay(today.adding(days: last)))
    }

    /// The state from the windows found, overlapping ones taken together; nil when it
    /// depends on windows not looked at yet (any that start at or after `knownUntil`).
    private static func answer(_ intervals: [Range<Int64>], _ instant: Int64, knownUntil: Int64) -> WindowState? {
        var merged: [Range<Int64>] = []
        for interval in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, interval.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, interval.upperBound)
            } else {
                merged.append(interval)
            }
        }
        for interval in merged {
            if interval.contains(instant) {
                return interval.upperBound < knownUntil ? WindowState(isOn: true, nextChange: interval.upperBound) : nil
            }
            if interval.lowerBound > instant {
                return interval.lowerBound <= knownUntil ? WindowState(isOn: false, nextChange: interval.lowerBound) : nil
            }
        }
        return nil
    }
}

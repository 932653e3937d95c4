import Clock
import Testing

/// Instants of local midnights come from Python 3's `zoneinfo`
/// (`int(datetime(y, m, d, tzinfo=ZoneInfo(name)).timestamp())`).
@Suite("Calendar periods a count restarts at")
struct CalendarPeriodTests {
    @Test("a day is 23 hours the day clocks go forward and 25 the day they go back")
    func days() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        // 2026-03-29 12:00 (1774778400) lies between 00:00 CET (1774738800) and 2026-03-30 00:00 CEST (1774821600).
        let spring = CalendarPeriod.day.bounds(containing: 1_774_778_400, in: berlin)
        #expect(spring == 1_774_738_800..<1_774_821_600)
        #expect(spring.count == 23 * 3600)
        // 2026-10-25: 1792879200 to 1792969200, its second 02:30 (1792891800) inside.
        let autumn = CalendarPeriod.day.bounds(containing: 1_792_891_800, in: berlin)
        #expect(autumn == 1_792_879_200..<1_792_969_200)
        #expect(autumn.count == 25 * 3600)
        // The bounds themselves: the start belongs to the day, the end to the next.
        #expect(CalendarPeriod.day.bounds(containing: 1_792_879_200, in: berlin) == autumn)
        #expect(CalendarPeriod.day.bounds(containing: 1_792_969_200, in: berlin).lowerBound == 1_792_969_200)
    }

    @Test("a day whose midnight is skipped starts at the change")
    func skippedMidnight() throws {
        // America/Santiago goes from 2026-09-06 00:00 -04 to 01:00 -03 (04:00 UTC, 1788667200);
        // 2026-09-07 00:00 is 1788750000.
        let santiago = try TimeZoneRules.named("America/Santiago")
        #expect(CalendarPeriod.day.bounds(containing: 1_788_706_800, in: santiago) == 1_788_667_200..<1_788_750_000)
    }

    @Test("weeks start on Monday, months and years on their first day")
    func longerPeriods() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        // Wednesday 2026-07-01 12:00 (1782900000): Monday 2026-06-29 (1782684000) to 2026-07-06 (1783288800).
        #expect(CalendarPeriod.week.bounds(containing: 1_782_900_000, in: berlin) == 1_782_684_000..<1_783_288_800)
        // March 2026: 1772319600 (CET) to 1774994400 (CEST), an hour short of 31 days.
        let march = CalendarPeriod.month.bounds(containing: 1_774_778_400, in: berlin)
        #expect(march == 1_772_319_600..<1_774_994_400)
        #expect(march.count == 31 * 86400 - 3600)
        let newYork = try TimeZoneRules.named("America/New_York")
        // 2026 in New York: 1767243600 to 1798779600.
        #expect(CalendarPeriod.year.bounds(containing: 1_782_057_600, in: newYork) == 1_767_243_600..<1_798_779_600)
        #expect(CalendarPeriod.allCases.map(\.rawValue) == ["day", "week", "month", "year"])
        #expect(CalendarPeriod.week.firstDay(of: try CivilDate(year: 2026, month: 3, day: 1)).description == "2026-02-23")
        #expect(CalendarPeriod.year.firstDay(of: try CivilDate(year: 2028, month: 12, day: 31)).description == "2028-01-01")
    }
}

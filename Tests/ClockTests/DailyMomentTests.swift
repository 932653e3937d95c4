import Clock
import Testing

/// Instants of wall-clock readings come from Python 3's `zoneinfo`
/// (`int(datetime(..., tzinfo=ZoneInfo(name), fold=0 or 1).timestamp())`).
@Suite("Daily moments: once a day at a time")
struct DailyMomentTests {
    static func date(_ year: Int, _ month: Int, _ day: Int) throws -> CivilDate { try CivilDate(year: year, month: month, day: day) }

    @Test("the next firing is strictly after, the latest at or before")
    func nextAndLatest() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let lightsOut = try DailyMoment(at: .clock(secondOfDay: 23 * 3600))
        // 2026-06-21 12:00 (1782036000); 23:00 that day 1782075600, the day before 1781989200.
        #expect(lightsOut.next(after: 1_782_036_000, in: berlin, at: nil)
            == MomentFiring(date: try Self.date(2026, 6, 21), instant: 1_782_075_600))
        #expect(lightsOut.latest(atOrBefore: 1_782_036_000, in: berlin, at: nil)
            == MomentFiring(date: try Self.date(2026, 6, 20), instant: 1_781_989_200))
        #expect(lightsOut.latest(atOrBefore: 1_782_075_600, in: berlin, at: nil)?.instant == 1_782_075_600)
        #expect(lightsOut.next(after: 1_782_075_600, in: berlin, at: nil)?.instant == 1_782_162_000)   // 2026-06-22 23:00
    }

    @Test("a skipped time fires at the change, a doubled one the first time only (Berlin)")
    func berlinChanges() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let halfPastTwo = try DailyMoment(at: .clock(secondOfDay: 2 * 3600 + 1800))
        // From 2026-03-29 01:00 CET (1774742400) the next is the change at 03:00 CEST (1774746000).
        #expect(halfPastTwo.next(after: 1_774_742_400, in: berlin, at: nil)
            == MomentFiring(date: try Self.date(2026, 3, 29), instant: 1_774_746_000))
        // On 2026-10-25 it fires at 02:30 CEST (1792888200); the second 02:30 (CET, 1792891800)
        // is no firing: after the first the next is 2026-10-26 02:30 CET (1792978200).
        #expect(halfPastTwo.next(after: 1_792_888_200 - 1, in: berlin, at: nil)?.instant == 1_792_888_200)
        #expect(halfPastTwo.next(after: 1_792_888_200, in: berlin, at: nil)
            == MomentFiring(date: try Self.date(2026, 10, 26), instant: 1_792_978_200))
        #expect(halfPastTwo.latest(atOrBefore: 1_792_891_800, in: berlin, at: nil)
            == MomentFiring(date: try Self.date(2026, 10, 25), instant: 1_792_888_200))
    }

    @Test("a skipped time fires at the change, a doubled one the first time only (New York)")
    func newYorkChanges() throws {
        let newYork = try TimeZoneRules.named("America/New_York")
        let early = try DailyMoment(at: .clock(secondOfDay: 2 * 3600 + 1800))
        // 2026-03-08 00:00 EST is 1772946000; 02:30 does not exist, the change is 1772953200.
        #expect(early.next(after: 1_772_946_000, in: newYork, at: nil)?.instant == 1_772_953_200)
        let halfPastOne = try DailyMoment(at: .clock(secondOfDay: 5400))
        // 01:30 on 2026-11-01: 1793511000 (EDT) and 1793514600 (EST); the next day 1793601000.
        #expect(halfPastOne.next(after: 1_793_511_000 - 1, in: newYork, at: nil)?.instant == 1_793_511_000)
        #expect(halfPastOne.next(after: 1_793_511_000, in: newYork, at: nil)?.instant == 1_793_601_000)
        #expect(halfPastOne.latest(atOrBefore: 1_793_514_600, in: newYork, at: nil)?.instant == 1_793_511_000)
    }

    @Test("days limit the firings; a sun moment needs a place")
    func daysAndSun() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let place = try Place(latitude: 52.52, longitude: 13.405)
        let watering = try DailyMoment(at: .sun(.sunrise, offset: -3600), days: [.mon, .thu])
        // From Saturday 2026-06-20 07:00 (1781931600) the next is Monday's, the latest Thursday's.
        let monday = try Self.date(2026, 6, 22)
        #expect(watering.next(after: 1_781_931_600, in: berlin, at: place)
            == MomentFiring(date: monday, instant: place.time(of: .sunrise, on: monday, in: berlin) - 3600))
        let thursday = try Self.date(2026, 6, 18)
        #expect(watering.latest(atOrBefore: 1_781_931_600, in: berlin, at: place)
            == MomentFiring(date: thursday, instant: place.time(of: .sunrise, on: thursday, in: berlin) - 3600))
        #expect(watering.next(after: 1_781_931_600, in: berlin, at: nil) == nil)
        #expect { _ = try DailyMoment(at: .clock(secondOfDay: 0), days: []) } throws: {
            String(describing: $0) == "no days given: name at least one of mon, tue, wed, thu, fri, sat, sun, or leave days out for every day"
        }
    }
}

import Clock
import Testing

@Suite("Instants and dates at the ends of their types never crash")
struct ExtremeInstantTests {
    @Test("the largest and smallest instants and day numbers are taken as the calendar's ends")
    func ends() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        for instant in [Int64.max, .min, TimeZoneRules.instants.upperBound, TimeZoneRules.instants.lowerBound] {
            let local = berlin.localDateTime(at: instant)
            _ = berlin.instant(of: local)
            _ = berlin.offset(at: instant)
            let night = try DailyWindow(from: .clock(secondOfDay: 79200), to: .clock(secondOfDay: 21600))
            _ = night.state(at: instant, in: berlin, at: try Place(latitude: 52.52, longitude: 13.405))
            _ = CalendarPeriod.year.bounds(containing: instant, in: berlin)
        }
        #expect(CivilDate(dayNumber: .max) == CivilDate(dayNumber: CivilDate.dayNumbers.upperBound))
        #expect(CivilDate(dayNumber: 0).adding(days: .min) == CivilDate(dayNumber: CivilDate.dayNumbers.lowerBound))
        #expect(LocalDateTime(wallSeconds: .min).secondOfDay >= 0)
        #expect(LocalDateTime(date: CivilDate(dayNumber: 0), secondOfDay: .min).secondOfDay >= 0)
    }
}

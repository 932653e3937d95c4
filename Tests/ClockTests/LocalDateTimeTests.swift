import Clock
import Testing

@Suite("Wall-clock readings")
struct LocalDateTimeTests {
    @Test("seconds past a day carry into the next, before it into the one before")
    func carries() throws {
        let date = try CivilDate(year: 2026, month: 12, day: 31)
        #expect(LocalDateTime(date: date, secondOfDay: 86400).description == "2027-01-01 00:00:00")
        #expect(LocalDateTime(date: date, secondOfDay: -1).description == "2026-12-30 23:59:59")
        #expect(LocalDateTime(date: date, hour: 23, minute: 59, second: 58).secondOfDay == 86398)
    }

    @Test("wall seconds are the reading counted as if the zone were UTC")
    func wallSeconds() throws {
        // 2026-06-21 12:00 UTC is 1782043200 (Python: datetime(2026, 6, 21, 12, tzinfo=timezone.utc).timestamp()).
        let noon = LocalDateTime(date: try CivilDate(year: 2026, month: 6, day: 21), hour: 12, minute: 0)
        #expect(noon.wallSeconds == 1_782_043_200)
        #expect(LocalDateTime(wallSeconds: 1_782_043_200) == noon)
        #expect(LocalDateTime(wallSeconds: -1).description == "1969-12-31 23:59:59")
    }
}

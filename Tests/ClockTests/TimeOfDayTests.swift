import Clock
import Testing

@Suite("Times of day as the config writes them")
struct TimeOfDayTests {
    @Test("clock times and sun events with offsets are read", arguments: [
        ("06:30", TimeOfDay.clock(secondOfDay: 23400)), ("6:30", .clock(secondOfDay: 23400)),
        ("23:59:59", .clock(secondOfDay: 86399)), ("00:00", .clock(secondOfDay: 0)),
        ("sunset", .sun(.sunset, offset: 0)), ("sunset+15m", .sun(.sunset, offset: 900)),
        ("sunrise-1h30m", .sun(.sunrise, offset: -5400)), ("dusk+90s", .sun(.dusk, offset: 90)),
        ("dawn-1h", .sun(.dawn, offset: -3600)), ("Sunrise+1h2m3s", .sun(.sunrise, offset: 3723)),
        ("sunset-12h", .sun(.sunset, offset: -43200)),
    ])
    func parses(text: String, time: TimeOfDay) throws {
        #expect(try TimeOfDay(parsing: text) == time)
    }

    @Test("what is read is written back as the config writes it, offsets in their largest units", arguments: [
        ("06:30", "06:30"), ("6:30", "06:30"), ("23:00:15", "23:00:15"), ("sunset", "sunset"), ("sunset+15m", "sunset+15m"),
        ("sunrise-1h30m", "sunrise-1h30m"), ("dusk+90s", "dusk+1m30s"), ("dawn-2h0m5s", "dawn-2h5s"), ("sunset+0m", "sunset"),
    ])
    func writesBack(text: String, written: String) throws {
        #expect(try TimeOfDay(parsing: text).description == written)
    }

    @Test("a time that cannot be read says what is wrong and what to write", arguments: [
        ("24:00", "time of day \"24:00\": the hour is 24: give 00 to 23"),
        ("12:60", "time of day \"12:60\": the minute is 60: give 00 to 59"),
        ("12:00:61", "time of day \"12:00:61\": the second is 61: give 00 to 59"),
        ("12:5", "time of day \"12:5\": the minute \"5\" is not two digits: give HH:MM or HH:MM:SS, such as 06:30"),
        ("123:00", "time of day \"123:00\": the hour \"123\" is not one or two digits: give HH:MM or HH:MM:SS, such as 06:30"),
        ("12", "time of day \"12\": give HH:MM or HH:MM:SS, such as 06:30 or 23:00:15"),
        ("1:2:3:4", "time of day \"1:2:3:4\": give HH:MM or HH:MM:SS, such as 06:30 or 23:00:15"),
        ("sunst", "time of day \"sunst\": give HH:MM, HH:MM:SS, or sunrise, sunset, dawn or dusk with an optional offset such as +15m (did you mean 'sunset'?)"),
        ("noon", "time of day \"noon\": give HH:MM, HH:MM:SS, or sunrise, sunset, dawn or dusk with an optional offset such as +15m"),
        ("sunset+", "time of day \"sunset+\": write the offset as + or - and hours, minutes and seconds in that order, such as sunset+15m or sunrise-1h30m"),
        ("sunset15m", "time of day \"sunset15m\": write the offset as + or - and hours, minutes and seconds in that order, such as sunset+15m or sunrise-1h30m"),
        ("sunset+30m1h", "time of day \"sunset+30m1h\": write the offset as + or - and hours, minutes and seconds in that order, such as sunset+15m or sunrise-1h30m"),
        ("sunset+15", "time of day \"sunset+15\": the offset's last number has no unit: write the offset as + or - and hours, minutes and seconds in that order, such as sunset+15m or sunrise-1h30m"),
        ("sunset+1d", "time of day \"sunset+1d\": write the offset as + or - and hours, minutes and seconds in that order, such as sunset+15m or sunrise-1h30m"),
        ("sunrise-12h1s", "time of day \"sunrise-12h1s\": the offset is more than 12h: give at most 12h, or a clock time such as 06:30"),
    ])
    func refuses(text: String, message: String) {
        #expect { _ = try TimeOfDay(parsing: text) } throws: { String(describing: $0) == message }
    }

    @Test("a clock time falls on the date's wall clock; a sun time needs a place")
    func instants() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let date = try CivilDate(year: 2026, month: 6, day: 21)
        // 2026-06-21 12:00 in Berlin is 1782036000 (Python's zoneinfo).
        #expect(TimeOfDay.clock(secondOfDay: 43200).instant(on: date, in: berlin, at: nil) == 1_782_036_000)
        #expect(TimeOfDay.sun(.sunset, offset: 900).instant(on: date, in: berlin, at: nil) == nil)
        #expect(TimeOfDay.sun(.sunset, offset: 900).needsPlace)
        #expect(!TimeOfDay.clock(secondOfDay: 0).needsPlace)
        let place = try Place(latitude: 52.52, longitude: 13.405)
        #expect(TimeOfDay.sun(.sunset, offset: 900).instant(on: date, in: berlin, at: place)
            == place.time(of: .sunset, on: date, in: berlin) + 900)
    }
}

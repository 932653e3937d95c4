import Clock
import Testing

/// Expected instants from Python 3's `zoneinfo` and `datetime` (named in each test).
@Suite("The footer's POSIX TZ rule")
struct PosixFooterTests {
    static func zone(footer: String) throws -> TimeZoneRules {
        try TimeZoneRules.rules(fromTZif: TZifBytes.file(types: [(0, false, "LMT")], footer: footer), name: "test", source: "test")
    }

    @Test("a file with only a footer follows it every year")
    func footerOnly() throws {
        let zone = try Self.zone(footer: "EST5EDT,M3.2.0,M11.1.0")
        let newYork = try TimeZoneRules.named("America/New_York")
        // New York's changes of 2026 and 2040 (zoneinfo): the same rule.
        for change in [Int64(1_772_953_200), 1_793_512_800, 2_215_062_000, 2_235_621_600] {
            #expect(zone.offset(at: change - 1) == newYork.offset(at: change - 1))
            #expect(zone.offset(at: change) == newYork.offset(at: change))
        }
        #expect(zone.localTimeType(at: 1_782_000_000) == LocalTimeType(utcOffset: -14400, isDaylightSaving: true, abbreviation: "EDT"))
    }

    @Test("quoted names and minutes in offsets", arguments: [
        ("<-03>3", -10800, "-03"), ("<+0530>-5:30", 19800, "+0530"), ("IST-5:30", 19800, "IST"), ("<+1245>-12:45", 45900, "+1245"),
    ])
    func fixed(footer: String, offset: Int, abbreviation: String) throws {
        let type = try Self.zone(footer: footer).localTimeType(at: 1_900_000_000)
        #expect(type.utcOffset == offset)
        #expect(type.abbreviation == abbreviation)
    }

    @Test("Jn skips February 29th, n counts it")
    func dayRules() throws {
        // J60 is March 1st in every year; DST starts there at 02:00 local standard time
        // (UTC+1), which on 2028-03-01 is 01:00 UTC: 1835485200.
        let julian = try Self.zone(footer: "AAA-1BBB,J60/2,J300/3")
        #expect(julian.offset(at: 1_835_485_200 - 1) == 3600)
        #expect(julian.offset(at: 1_835_485_200) == 7200)
        // Zero-based day 59 is 2028-02-29 (date(2028, 1, 1) + timedelta(59)): a day earlier.
        let zeroBased = try Self.zone(footer: "AAA-1BBB,59/2,300/3")
        #expect(zeroBased.offset(at: 1_835_485_200 - 86400 - 1) == 3600)
        #expect(zeroBased.offset(at: 1_835_485_200 - 86400) == 7200)
    }

    @Test("version 3 hours outside 0 to 24: America/Nuuk changes at -1:00 and 0:00 local time")
    func versionThreeHours() throws {
        // Nuuk's footer is <-02>2<-01>,M3.5.0/-1,M10.5.0/0; its 2030 changes are
        // 1901149200 and 1919293200 (zoneinfo).
        let nuuk = try TimeZoneRules.named("America/Nuuk")
        #expect(nuuk.offset(at: 1_901_149_200 - 1) == -7200)
        #expect(nuuk.offset(at: 1_901_149_200) == -3600)
        #expect(nuuk.offset(at: 1_919_293_200 - 1) == -3600)
        #expect(nuuk.offset(at: 1_919_293_200) == -7200)
    }

    @Test("a version 1 file has transitions and no footer")
    func versionOne() throws {
        let bytes = TZifBytes.file(version: 0, transitions: [(1_000_000_000, 1)],
                                   types: [(3600, false, "AAA"), (7200, true, "BBB")])
        let zone = try TimeZoneRules.rules(fromTZif: bytes, name: "old", source: "old")
        #expect(zone.offset(at: 999_999_999) == 3600)
        #expect(zone.offset(at: 1_000_000_000) == 7200)
        #expect(zone.offset(at: 4_000_000_000) == 7200)
    }

    @Test("a footer that cannot be read is an error naming it", arguments: [
        ("CET-1CEST", "the zone's rule \"CET-1CEST\" cannot be read: no dates for daylight saving time; reinstall the tzdata package"),
        ("C-1", "the zone's rule \"C-1\" cannot be read: a zone abbreviation shorter than three characters; reinstall the tzdata package"),
        ("CET-1CEST,M13.1.0,M10.5.0", "the zone's rule \"CET-1CEST,M13.1.0,M10.5.0\" cannot be read: 13 is above 12; reinstall the tzdata package"),
        ("CET-1CEST,M3.5.0", "the zone's rule \"CET-1CEST,M3.5.0\" cannot be read: no end date for daylight saving time; reinstall the tzdata package"),
        ("CET", "the zone's rule \"CET\" cannot be read: a number missing; reinstall the tzdata package"),
        ("<+05", "the zone's rule \"<+05\" cannot be read: a '<' without its '>'; reinstall the tzdata package"),
        ("CET-1x", "the zone's rule \"CET-1x\" cannot be read: a zone abbreviation shorter than three characters; reinstall the tzdata package"),
    ])
    func badFooter(footer: String, message: String) {
        #expect { _ = try Self.zone(footer: footer) } throws: { String(describing: $0) == message }
    }
}

import Clock
import Testing

/// Instants and offsets below were computed independently with Python 3's `zoneinfo`
/// (the same tzdata files): `datetime(..., tzinfo=ZoneInfo(name), fold=0 or 1).timestamp()`,
/// and the transitions by scanning `utcoffset()` hour by hour and bisecting.
@Suite("Time zone rules from TZif files")
struct TimeZoneRulesTests {
    static let berlinChanges2026: (forward: Int64, back: Int64) = (1_774_746_000, 1_792_890_000)
    static let newYorkChanges2026: (forward: Int64, back: Int64) = (1_772_953_200, 1_793_512_800)

    @Test("Europe/Berlin changes on the last Sundays of March and October, in years past the file's transitions", arguments: [
        (Int64(1_774_746_000), Int64(1_792_890_000)),   // 2026
        (1_901_149_200, 1_919_293_200),                 // 2030, from the footer
        (2_216_250_000, 2_234_998_800),                 // 2040, from the footer
    ])
    func berlin(forward: Int64, back: Int64) throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        #expect(berlin.offset(at: forward - 1) == 3600)
        #expect(berlin.offset(at: forward) == 7200)
        #expect(berlin.localTimeType(at: forward).abbreviation == "CEST")
        #expect(berlin.offset(at: back - 1) == 7200)
        #expect(berlin.offset(at: back) == 3600)
        #expect(berlin.localTimeType(at: back).abbreviation == "CET")
    }

    @Test("An instant in ISO 8601 local time carries the offset of that instant, on both sides of a change")
    func iso8601() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let newYork = try TimeZoneRules.named("America/New_York")
        #expect(berlin.iso8601(at: Self.berlinChanges2026.forward - 1) == "2026-03-29T01:59:59+01:00")
        #expect(berlin.iso8601(at: Self.berlinChanges2026.forward) == "2026-03-29T03:00:00+02:00")
        #expect(newYork.iso8601(at: Self.newYorkChanges2026.back - 1) == "2026-11-01T01:59:59-04:00")
        #expect(newYork.iso8601(at: Self.newYorkChanges2026.back) == "2026-11-01T01:00:00-05:00")
        #expect(TimeZoneRules.fixed(name: "X", utcOffset: -9000).iso8601(at: 0) == "1969-12-31T21:30:00-02:30")
    }

    @Test("America/New_York changes on the second Sunday of March and the first of November", arguments: [
        (Int64(1_772_953_200), Int64(1_793_512_800)),   // 2026
        (1_899_356_400, 1_919_916_000),                 // 2030
        (2_215_062_000, 2_235_621_600),                 // 2040
    ])
    func newYork(forward: Int64, back: Int64) throws {
        let newYork = try TimeZoneRules.named("America/New_York")
        #expect(newYork.offset(at: forward - 1) == -18000)
        #expect(newYork.offset(at: forward) == -14400)
        #expect(newYork.offset(at: back - 1) == -14400)
        #expect(newYork.offset(at: back) == -18000)
        #expect(newYork.localTimeType(at: back).abbreviation == "EST")
    }

    @Test("Australia/Sydney keeps daylight saving time across New Year (a southern rule)")
    func sydney() throws {
        let sydney = try TimeZoneRules.named("Australia/Sydney")
        // 2040-04-01 02:00 AEST and 2040-10-07 03:00 AEDT, from zoneinfo.
        #expect(sydney.offset(at: 2_216_822_400 - 1) == 39600)
        #expect(sydney.offset(at: 2_216_822_400) == 36000)
        #expect(sydney.offset(at: 2_233_152_000 - 1) == 36000)
        #expect(sydney.offset(at: 2_233_152_000) == 39600)
        #expect(sydney.offset(at: 2_208_988_800) == 39600)  // 2040-01-01 00:00 UTC: summer there
    }

    @Test("UTC and Asia/Kolkata have one offset in every year")
    func fixedOffsets() throws {
        let kolkata = try TimeZoneRules.named("Asia/Kolkata")
        let utc = try TimeZoneRules.named("UTC")
        for instant in [Int64(1_782_036_000), 1_919_293_200, 2_224_693_800] {
            #expect(kolkata.offset(at: instant) == 19800)
            #expect(utc.offset(at: instant) == 0)
            #expect(TimeZoneRules.utc.offset(at: instant) == 0)
        }
        // 2040-07-01 00:00 in Kolkata.
        #expect(kolkata.instant(of: LocalDateTime(date: try CivilDate(year: 2040, month: 7, day: 1), hour: 0, minute: 0))
            == 2_224_693_800)
        #expect(kolkata.localTimeType(at: 2_224_693_800).abbreviation == "IST")
    }

    @Test("a wall-clock reading and its instant convert both ways")
    func roundTrip() throws {
        let newYork = try TimeZoneRules.named("America/New_York")
        let local = LocalDateTime(date: try CivilDate(year: 2040, month: 7, day: 1), hour: 0, minute: 0)
        #expect(newYork.instant(of: local) == 2_224_728_000)
        #expect(newYork.localDateTime(at: 2_224_728_000) == local)
        #expect(newYork.localDateTime(at: 2_224_728_000).description == "2040-07-01 00:00:00")
    }

    @Test("a skipped reading is the change itself; a doubled one is its first time")
    func gapAndOverlap() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let spring = try CivilDate(year: 2026, month: 3, day: 29)
        let autumn = try CivilDate(year: 2026, month: 10, day: 25)
        #expect(berlin.instant(of: spring, secondOfDay: 2 * 3600 + 30 * 60) == Self.berlinChanges2026.forward)
        #expect(berlin.instant(of: spring, secondOfDay: 2 * 3600) == Self.berlinChanges2026.forward)
        #expect(berlin.instant(of: spring, secondOfDay: 3 * 3600) == Self.berlinChanges2026.forward)
        // 02:30 on 2026-10-25 is 1792888200 (CEST, fold=0) and 1792891800 (CET, fold=1).
        #expect(berlin.instant(of: autumn, secondOfDay: 2 * 3600 + 30 * 60) == 1_792_888_200)
        #expect(berlin.localDateTime(at: 1_792_891_800) == LocalDateTime(date: autumn, hour: 2, minute: 30))

        let newYork = try TimeZoneRules.named("America/New_York")
        #expect(newYork.instant(of: try CivilDate(year: 2026, month: 3, day: 8), secondOfDay: 2 * 3600 + 15 * 60)
            == Self.newYorkChanges2026.forward)
        // 01:30 on 2026-11-01: 1793511000 (EDT, fold=0), 1793514600 (EST, fold=1).
        #expect(newYork.instant(of: try CivilDate(year: 2026, month: 11, day: 1), secondOfDay: 5400) == 1_793_511_000)
    }
}

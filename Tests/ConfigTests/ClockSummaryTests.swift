import Config
import Testing

/// `gpioagg check`'s `clock:` block at a fixed instant. The instants and weekdays were
/// worked out with Python's `datetime` and `zoneinfo` (the IANA database), apart from
/// the code under test: 1796119200 is 2026-12-01 11:00 CET, a Tuesday; 1796097600 is
/// 05:00 CET that morning.
@Suite("Config: check's summary of the clock")
struct ClockSummaryTests {
    static let elevenInBerlin: Int64 = 1_796_119_200
    static let fiveInBerlin: Int64 = 1_796_097_600

    static let berlin = """
        clock: { timezone: Europe/Berlin, trust: always }
        inputs:
          button: { command: true }
        signals:
          lunch: { between: ["12:00", "14:00"] }
          night: { between: ["22:00", "06:00"] }
          watering: { at: "07:00", days: [mon, thu] }

        """

    @Test("a window starting today, one spanning midnight, an at: with days:, as local date-times")
    func nextTimes() throws {
        let lines = ConfigSummary.lines(of: try ConfigFixture.parse(Self.berlin), now: Self.elevenInBerlin)
        let clock = Array(lines.drop { $0 != "clock:" })
        #expect(clock == [
            "clock:",
            "  zone      Europe/Berlin",
            "  trust     always (a real-time clock keeps the time)",
            "  now       2026-12-01 11:00:00 CET",
            "  lunch     next from 2026-12-01 12:00:00 CET to 2026-12-01 14:00:00 CET",
            "  night     next from 2026-12-01 22:00:00 CET to 2026-12-02 06:00:00 CET",
            // Tuesday: Thursday is the next of its days.
            "  watering  next at 2026-12-03 07:00:00 CET",
        ], "\(lines)")
    }

    @Test("a window that is on says until when, then its next start and end")
    func onNow() throws {
        let lines = ConfigSummary.lines(of: try ConfigFixture.parse(Self.berlin), now: Self.fiveInBerlin)
        #expect(lines.contains(
            "  night     on now until 2026-12-01 06:00:00 CET; next from 2026-12-01 22:00:00 CET to 2026-12-02 06:00:00 CET"),
            "\(lines)")
        #expect(lines.contains("  watering  next at 2026-12-03 07:00:00 CET"), "\(lines)")
    }

    @Test("without an instant, the zone, place and trust only")
    func withoutNow() throws {
        let lines = ConfigSummary.lines(of: try ConfigFixture.parse(Self.berlin))
        #expect(Array(lines.drop { $0 != "clock:" }) == [
            "clock:", "  zone      Europe/Berlin", "  trust     always (a real-time clock keeps the time)",
        ])
    }

    @Test("a clock: section alone is shown; a config without one or a time signal has no block")
    func whenShown() throws {
        let section = ConfigSummary.lines(of: try ConfigFixture.parse("""
            clock: { timezone: UTC, latitude: -33.87, longitude: 151.21 }
            inputs:
              button: { command: true }

            """), now: Self.elevenInBerlin)
        #expect(Array(section.drop { $0 != "clock:" }) == [
            "clock:",
            "  zone    UTC",
            "  place   33.87° S, 151.21° E",
            "  trust   synchronized (time signals wait until the kernel calls the system clock synchronized)",
            "  now     2026-12-01 10:00:00 UTC",
        ], "\(section)")
        // No timezone: and no time signal: the system's zone is not read, and no local time shown.
        let unread = ConfigSummary.lines(of: try ConfigFixture.parse("""
            clock: { trust: always }
            inputs:
              button: { command: true }

            """), now: Self.elevenInBerlin)
        #expect(Array(unread.drop { $0 != "clock:" }) == [
            "clock:", "  zone    the system's (read when a time signal needs it)",
            "  trust   always (a real-time clock keeps the time)",
        ], "\(unread)")
        let none = ConfigSummary.lines(of: try ConfigFixture.parse("inputs:\n  button: { command: true }\n"),
                                       now: Self.elevenInBerlin)
        #expect(!none.contains("clock:"))
    }

    // Tromsø's midnight sun lasts from late May to late July (Tests/ClockTests/SunTests
    // checks the sun stays up on 21 June against PyEphem).
    @Test("in the midnight sun the days' windows touch: check shows one stretch, on until the sun sets again")
    func midnightSunMerged() throws {
        let text = """
            clock: { timezone: Europe/Oslo, latitude: 69.65, longitude: 18.96 }
            inputs:
              button: { command: true }
            signals:
              daylight: { between: [sunrise, sunset] }

            """
        let midsummer = Int64(1_782_036_000)   // 2026-06-21 12:00 in Oslo (10:00 UTC)
        let lines = ConfigSummary.lines(of: try ConfigFixture.parse(text), now: midsummer)
        let daylight = try #require(lines.drop { $0 != "clock:" }.first { $0.hasPrefix("  daylight") })
        #expect(daylight.hasPrefix("  daylight  on now until 2026-07-"), "\(daylight)")
        #expect(daylight.contains("; next from 2026-07-"), "\(daylight)")
        #expect(!daylight.contains("until 2026-06-22 00:00"), "not the end of the date: \(daylight)")
    }

    // Tromsø (69.65° N) has midnight sun and polar night every year: PyEphem counts 68
    // days without a sunset and 48 without a sunrise in 2026 (see Tests/ClockTests/SunTests).
    @Test("a place beyond the polar circle is warned of, pointing at the rule; Berlin is not")
    func polarWarning() throws {
        let tromso = ConfigSummary.lines(of: try ConfigFixture.parse("""
            clock: { timezone: Europe/Oslo, latitude: 69.65, longitude: 18.96 }
            inputs:
              button: { command: true }
            signals:
              daylight: { between: [sunrise, sunset] }

            """), now: Self.elevenInBerlin)
        let warning = tromso.first { $0.hasPrefix("  warning: ") }
        #expect(warning?.hasPrefix("  warning: at 69.65° N, 18.96° E the sun does not set on ") == true, "\(tromso)")
        #expect(warning?.contains(" days and does not rise on ") == true, "\(tromso)")
        #expect(warning?.contains(" days of 2026: ") == true, "\(tromso)")
        #expect(warning?.contains("docs/CONFIG.md") == true, "\(tromso)")
        // On 1 December the polar night has begun: [sunrise, sunset] has no length until
        // the sun rises again in mid-January (Tromsø's polar night ends around 15 January).
        let daylight = tromso.drop { $0 != "clock:" }.first { $0.hasPrefix("  daylight") }
        #expect(daylight?.hasPrefix("  daylight  next from 2027-01-1") == true, "\(tromso)")
        let berlin = ConfigSummary.lines(of: try ConfigFixture.parse("""
            clock: { timezone: Europe/Berlin, latitude: 52.52, longitude: 13.405 }
            inputs:
              button: { command: true }
            signals:
              evening: { between: [sunset, "23:00"] }

            """), now: Self.elevenInBerlin)
        #expect(!berlin.contains { $0.hasPrefix("  warning: ") }, "\(berlin)")
        // The sun sets in Berlin shortly before 16:00 CET in early December.
        #expect(berlin.contains { $0.hasPrefix("  evening  next from 2026-12-01 15:5") && $0.hasSuffix("to 2026-12-01 23:00:00 CET") },
                "\(berlin)")
    }
}

import Clock
import Testing

/// Instants of wall-clock readings come from Python 3's `zoneinfo`
/// (`int(datetime(..., tzinfo=ZoneInfo(name), fold=0).timestamp())`).
@Suite("Daily windows: on from FROM to TO")
struct DailyWindowTests {
    static func clock(_ hour: Int, _ minute: Int = 0) -> TimeOfDay { .clock(secondOfDay: hour * 3600 + minute * 60) }
    static func date(_ year: Int, _ month: Int, _ day: Int) throws -> CivilDate { try CivilDate(year: year, month: month, day: day) }

    @Test("a night window lasts 7 hours the night clocks go forward and 9 the night they go back")
    func dstNights() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let night = try DailyWindow(from: Self.clock(22), to: Self.clock(6))
        #expect(night.occurrence(startingOn: try Self.date(2026, 3, 28), in: berlin, at: nil) == 1_774_731_600..<1_774_756_800)
        #expect(night.occurrence(startingOn: try Self.date(2026, 10, 24), in: berlin, at: nil) == 1_792_872_000..<1_792_904_400)
        let newYork = try TimeZoneRules.named("America/New_York")
        let spring = try #require(night.occurrence(startingOn: try Self.date(2026, 3, 7), in: newYork, at: nil))
        #expect(spring == 1_772_938_800..<1_772_964_000)
        #expect(spring.count == 7 * 3600)
        let autumn = try #require(night.occurrence(startingOn: try Self.date(2026, 10, 31), in: newYork, at: nil))
        #expect(autumn == 1_793_498_400..<1_793_530_800)
        #expect(autumn.count == 9 * 3600)
    }

    @Test("a window that started the day before is on, until its end")
    func spansMidnight() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let night = try DailyWindow(from: Self.clock(22), to: Self.clock(6))
        // 2026-03-29 05:00 CEST, inside the window from the 28th; it ends at 06:00.
        #expect(night.state(at: 1_774_753_200, in: berlin, at: nil) == WindowState(isOn: true, nextChange: 1_774_756_800))
        // At 12:00 it is off until 22:00 the same day.
        #expect(night.state(at: 1_774_778_400, in: berlin, at: nil) == WindowState(isOn: false, nextChange: 1_774_814_400))
        // FROM is included, TO excluded.
        #expect(night.state(at: 1_774_814_400, in: berlin, at: nil).isOn)
        #expect(!night.state(at: 1_774_756_800, in: berlin, at: nil).isOn)
        #expect(night.state(at: 1_774_756_800 - 1, in: berlin, at: nil).isOn)
    }

    @Test("FROM after TO spans midnight; the same time twice is refused")
    func spanRule() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let day = try Self.date(2026, 6, 21)
        let morning = try DailyWindow(from: Self.clock(6, 30), to: Self.clock(8))
        // 2026-06-21 06:30 and 08:00 in Berlin.
        #expect(morning.occurrence(startingOn: day, in: berlin, at: nil) == 1_782_016_200..<1_782_021_600)
        #expect { _ = try DailyWindow(from: Self.clock(23), to: Self.clock(23)) } throws: {
            String(describing: $0) == "a window needs two different times: it starts and ends at 23:00"
        }
        #expect { _ = try DailyWindow(from: .sun(.sunset, offset: 0), to: .sun(.sunset, offset: 0)) } throws: {
            String(describing: $0) == "a window needs two different times: it starts and ends at sunset"
        }
        #expect { _ = try DailyWindow(from: Self.clock(1), to: Self.clock(2), days: []) } throws: {
            String(describing: $0).hasPrefix("no days given: name at least one of mon")
        }
    }

    @Test("days name the days a window may start; one that started on a named day runs into the next")
    func days() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let weekdays: Set<Weekday> = [.mon, .tue, .wed, .thu, .fri]
        let mornings = try DailyWindow(from: Self.clock(6, 30), to: Self.clock(8), days: weekdays)
        // Saturday 2026-06-20 07:00: off, and on again Monday 06:30.
        #expect(mornings.state(at: 1_781_931_600, in: berlin, at: nil) == WindowState(isOn: false, nextChange: 1_782_102_600))
        #expect(mornings.state(at: 1_782_102_600, in: berlin, at: nil) == WindowState(isOn: true, nextChange: 1_782_108_000))

        let fridayNight = try DailyWindow(from: Self.clock(22), to: Self.clock(6), days: [.fri])
        // Saturday 2026-06-20 03:00 (1781917200 by zoneinfo) is in Friday's window.
        #expect(fridayNight.state(at: 1_781_917_200, in: berlin, at: nil).isOn)
        #expect(fridayNight.occurrence(startingOn: try Self.date(2026, 6, 20), in: berlin, at: nil) == nil)
    }

    @Test("readings the clocks skip or pass twice: the change, and the first time")
    func gapAndOverlap() throws {
        let newYork = try TimeZoneRules.named("America/New_York")
        // 01:30 to 02:30 on 2026-11-01: from the first 01:30 (EDT) to 02:30 EST, two hours.
        let overlap = try DailyWindow(from: Self.clock(1, 30), to: Self.clock(2, 30))
        #expect(overlap.occurrence(startingOn: try Self.date(2026, 11, 1), in: newYork, at: nil) == 1_793_511_000..<1_793_518_200)
        // 02:15 to 03:00 on 2026-03-08 lies in the skipped hour: both ends are the change, no window.
        let gap = try DailyWindow(from: Self.clock(2, 15), to: Self.clock(3))
        #expect(gap.occurrence(startingOn: try Self.date(2026, 3, 8), in: newYork, at: nil) == nil)
        // 02:30 to 04:00 then starts at the change.
        let intoGap = try DailyWindow(from: Self.clock(2, 30), to: Self.clock(4))
        #expect(intoGap.occurrence(startingOn: try Self.date(2026, 3, 8), in: newYork, at: nil)?.lowerBound == 1_772_953_200)

        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let autumn = try DailyWindow(from: Self.clock(2, 30), to: Self.clock(3, 30))
        // 02:30 CEST (1792888200) to 03:30 CET (1792895400): two hours on 2026-10-25.
        #expect(autumn.occurrence(startingOn: try Self.date(2026, 10, 25), in: berlin, at: nil) == 1_792_888_200..<1_792_895_400)
        #expect(autumn.occurrence(startingOn: try Self.date(2026, 3, 29), in: berlin, at: nil) == 1_774_746_000..<1_774_747_800)
    }

    @Test("a sun window ends the same day when TO is after FROM, the next morning when TO is a morning time, else not at all")
    func sunRule() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        let berlinPlace = try Place(latitude: 52.52, longitude: 13.405)
        let midsummer = try Self.date(2026, 6, 21)
        let evening = try DailyWindow(from: .sun(.sunset, offset: 0), to: Self.clock(23))
        let sunset = berlinPlace.time(of: .sunset, on: midsummer, in: berlin)
        #expect(evening.occurrence(startingOn: midsummer, in: berlin, at: berlinPlace) == sunset..<1_782_075_600)

        let dark = try DailyWindow(from: .sun(.sunset, offset: 900), to: .sun(.sunrise, offset: -1800))
        let sunrise = berlinPlace.time(of: .sunrise, on: midsummer.adding(days: 1), in: berlin)
        #expect(dark.occurrence(startingOn: midsummer, in: berlin, at: berlinPlace) == sunset + 900..<sunrise - 1800)
        // 2026-06-22 02:00 in Berlin (1782086400) is in the window from the 21st.
        #expect(dark.state(at: 1_782_086_400, in: berlin, at: berlinPlace) == WindowState(isOn: true, nextChange: sunrise - 1800))

        // In Trondheim the sun sets after 23:00 at midsummer (PyEphem: 23:37 CEST): no evening.
        let oslo = try TimeZoneRules.named("Europe/Oslo")
        let trondheim = try Place(latitude: 63.43, longitude: 10.39)
        #expect(evening.occurrence(startingOn: midsummer, in: oslo, at: trondheim) == nil)
        let state = evening.state(at: 1_782_075_600 - 60, in: oslo, at: trondheim)
        #expect(!state.isOn)
        #expect(oslo.localDateTime(at: state.nextChange).date.month == 7)

        // With no place a sun window never starts.
        #expect(evening.occurrence(startingOn: midsummer, in: berlin, at: nil) == nil)
    }

    @Test("polar day and night: the day fills the date, or has no length")
    func polar() throws {
        let oslo = try TimeZoneRules.named("Europe/Oslo")
        let tromso = try Place(latitude: 69.6492, longitude: 18.9553)
        let daylight = try DailyWindow(from: .sun(.sunrise, offset: 0), to: .sun(.sunset, offset: 0))
        let darkness = try DailyWindow(from: .sun(.sunset, offset: 0), to: .sun(.sunrise, offset: 0))

        // 2026-06-21 03:00 CEST in Tromsø (1782003600): light all day, for weeks.
        let summer = daylight.state(at: 1_782_003_600, in: oslo, at: tromso)
        #expect(summer.isOn)
        // It ends at the midnight that starts the first day the sun sets, in July.
        let summerEnd = oslo.localDateTime(at: summer.nextChange)
        #expect(summerEnd.date.month == 7 && summerEnd.secondOfDay == 0)
        #expect(tromso.crossing(.sunset, on: summerEnd.date.adding(days: -1)) == .staysAbove)
        guard case .at(let sunrise) = tromso.crossing(.sunrise, on: summerEnd.date) else {
            Issue.record("no sunrise on \(summerEnd.date)")
            return
        }
        #expect(daylight.state(at: summer.nextChange, in: oslo, at: tromso) == WindowState(isOn: false, nextChange: sunrise))
        #expect(!darkness.state(at: 1_782_003_600, in: oslo, at: tromso).isOn)

        // 2026-12-21 12:00 CET (1797850800): dark until the first sunrise of 2027.
        let winter = darkness.state(at: 1_797_850_800, in: oslo, at: tromso)
        #expect(winter.isOn)
        let firstSunrise = oslo.localDateTime(at: winter.nextChange).date
        #expect(firstSunrise.year == 2027 && firstSunrise.month == 1)
        #expect(tromso.crossing(.sunrise, on: firstSunrise) == .at(winter.nextChange))
        #expect(tromso.crossing(.sunrise, on: firstSunrise.adding(days: -1)) == .staysBelow)
        #expect(!daylight.state(at: 1_797_850_800, in: oslo, at: tromso).isOn)
    }

    @Test("a sunrise end is a morning end even where the polar night's solar noon is after 12:00")
    func westOfItsZone() throws {
        // Utqiaġvik (71.2906 N, 156.7887 W) keeps Alaska's time, 22° east of it: on
        // 2026-12-21 the sun does not rise (PyEphem 4.2.1, horizon -0:34, pressure 0:
        // NeverUpError) and is highest at 22:25:26 UTC (next_transit), 13:25 AKST.
        let anchorage = try TimeZoneRules.named("America/Anchorage")
        let utqiagvik = try Place(latitude: 71.2906, longitude: -156.7887)
        let date = try Self.date(2026, 12, 21)
        let noon = utqiagvik.solarNoon(on: date)
        #expect(abs(noon - 1_797_891_926) <= 60)
        #expect(utqiagvik.crossing(.sunrise, on: date) == .staysBelow)

        // [sunset+15m, sunrise-30m] runs from 13:40 to 12:55 the next day: at 12:00 AKST
        // (1797886800) it is on until 12:55, then off until 13:40.
        let dark = try DailyWindow(from: .sun(.sunset, offset: 900), to: .sun(.sunrise, offset: -1800))
        let state = dark.state(at: 1_797_886_800, in: anchorage, at: utqiagvik)
        #expect(state == WindowState(isOn: true, nextChange: noon - 1800))
        #expect(dark.state(at: noon, in: anchorage, at: utqiagvik) == WindowState(isOn: false, nextChange: noon + 900))
        // The night window is on all day; the day window never.
        let night = try DailyWindow(from: .sun(.sunset, offset: 0), to: .sun(.sunrise, offset: 0))
        let day = try DailyWindow(from: .sun(.sunrise, offset: 0), to: .sun(.sunset, offset: 0))
        for instant in [noon - 1, noon, noon + 1, 1_797_886_800] {
            #expect(night.state(at: instant, in: anchorage, at: utqiagvik).isOn)
            #expect(!day.state(at: instant, in: anchorage, at: utqiagvik).isOn)
        }
    }
}

import Clock
import Config
@testable import Engine
import Testing
import TestSupport
import Values

/// `between:` and `at:` in a running graph, in virtual time: the wall clock moves with it
/// (`EmbeddedEventLoop`), is set forward and back, and is or is not synchronized.
@Suite("Times of day in the graph")
struct TimeSignalTests {
    static func config(zone: String, _ signals: String) -> String {
        """
        clock: { timezone: \(zone), latitude: 52.52, longitude: 13.405 }
        inputs:
          button: { command: true }
        signals:
        \(signals)
        """
    }

    /// A harness whose wall clock starts at `local` in `zone`, synchronized or not.
    static func harness(_ text: String, at local: String, zone: String,
                        synchronized: Bool = true) throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse(text, file: "gpioagg.yaml"))
        harness.loop.setWallClock(to: try wall(local, zone))
        harness.loop.setWallClockSynchronized(synchronized)
        try harness.start()
        return harness
    }

    /// `2026-03-28 22:00` in `zone`, in nanoseconds since the epoch.
    static func wall(_ local: String, _ zone: String) throws -> Int64 {
        try LocalWallTime.nanoseconds(local, in: zone)
    }

    static func total(_ harness: EngineHarness, _ name: String) -> Double? {
        harness.signal(name)?.number
    }

    @Test("a window spanning midnight over the spring change lasts 7 hours, over the autumn one 9 (Europe/Berlin)",
          arguments: [("2026-03-28 21:00", 7), ("2026-10-24 21:00", 9)])
    func windowOverDaylightSaving(start: String, hours: Int) throws {
        let harness = try Self.harness(Self.config(zone: "Europe/Berlin", "  night: { between: [\"22:00\", \"06:00\"] }"),
                                       at: start, zone: "Europe/Berlin")
        #expect(harness.signal("night") == false)
        harness.advance(by: .seconds(3599))
        #expect(harness.signal("night") == false, "21:59:59")
        harness.advance(by: .seconds(1))
        #expect(harness.signal("night") == true, "22:00")
        harness.advance(by: .seconds(hours * 3600 - 1))
        #expect(harness.signal("night") == true, "05:59:59, \(hours) h later less a second")
        harness.advance(by: .seconds(1))
        #expect(harness.signal("night") == false, "06:00 by the wall clock")
        #expect(harness.changes(of: .signal, "night") == [.on, .off])
    }

    @Test("America/New_York: the autumn night's window lasts 9 hours, the spring one 7")
    func windowNewYork() throws {
        for (start, hours) in [("2026-10-31 21:00", 9), ("2026-03-07 21:00", 7)] {
            let harness = try Self.harness(Self.config(zone: "America/New_York", "  night: { between: [\"22:00\", \"06:00\"] }"),
                                           at: start, zone: "America/New_York")
            harness.advance(by: .seconds(3600))
            #expect(harness.signal("night") == true)
            harness.advance(by: .seconds(hours * 3600 - 1))
            #expect(harness.signal("night") == true, "\(start): still on a second before")
            harness.advance(by: .seconds(1))
            #expect(harness.signal("night") == false, "\(start): off \(hours) h later")
        }
    }

    @Test("an at: in the spring gap happens at the first instant after it; one in the autumn overlap once, the first time",
          arguments: ["Europe/Berlin", "America/New_York"])
    func momentsOverDaylightSaving(zone: String) throws {
        func signals(_ time: String) -> String {
            """
              ring: { at: "\(time)" }
              rings: { count: ring }
            """
        }
        // Berlin: 29 March and 25 October 2026, 02:00 to 03:00 skipped, then twice; New
        // York: 8 March (02:00 to 03:00 skipped) and 1 November (01:00 to 02:00 twice).
        let berlin = zone == "Europe/Berlin"
        let (spring, autumn) = berlin ? ("2026-03-29", "2026-10-25") : ("2026-03-08", "2026-11-01")
        let (overlap, beforeOverlap) = berlin ? ("02:30", "01:00") : ("01:30", "00:00")
        let harness = try Self.harness(Self.config(zone: zone, signals("02:30")), at: "\(spring) 01:00", zone: zone)
        harness.advance(by: .seconds(3599))
        #expect(Self.total(harness, "rings") == 0, "01:59:59: the clock then jumps to 03:00")
        harness.advance(by: .seconds(1))
        #expect(Self.total(harness, "rings") == 1, "at 03:00, the first instant after the gap")
        let autumnStart = try Self.harness(Self.config(zone: zone, signals(overlap)), at: "\(autumn) \(beforeOverlap)",
                                           zone: zone)
        autumnStart.advance(by: .seconds(90 * 60))
        #expect(Self.total(autumnStart, "rings") == 1, "the first \(overlap)")
        autumnStart.advance(by: .seconds(3 * 3600))
        #expect(Self.total(autumnStart, "rings") == 1, "not again at the second \(overlap), an hour later")
    }

    @Test("a step forward past an at: fires it once, late, and says so; a step back does not fire it again that day")
    func steps() throws {
        let signals = """
              lights_out: { at: "23:00" }
              outs: { count: lights_out }
            """
        let harness = try Self.harness(Self.config(zone: "Europe/Berlin", signals), at: "2026-06-21 21:00",
                                       zone: "Europe/Berlin")
        harness.loop.setWallClock(to: try Self.wall("2026-06-22 01:30", "Europe/Berlin"))
        harness.loop.run()
        #expect(Self.total(harness, "outs") == 1, "jumped over 23:00: once")
        #expect(harness.log.contains { $0.hasPrefix("signal lights_out fired 2h30m late") }, "\(harness.log)")
        harness.loop.setWallClock(to: try Self.wall("2026-06-21 22:00", "Europe/Berlin"))
        harness.loop.run()
        harness.advance(by: .seconds(2 * 3600))
        #expect(Self.total(harness, "outs") == 1, "the same day's 23:00 again: not twice")
        harness.advance(by: .seconds(24 * 3600))
        #expect(Self.total(harness, "outs") == 2, "the next day's")
    }

    @Test("a step forward and back moves a window with it, at once")
    func windowSteps() throws {
        let harness = try Self.harness(Self.config(zone: "Europe/Berlin", "  evening: { between: [sunset, \"23:00\"] }"),
                                       at: "2026-06-21 12:00", zone: "Europe/Berlin")
        #expect(harness.signal("evening") == false)
        harness.loop.setWallClock(to: try Self.wall("2026-06-21 22:00", "Europe/Berlin"))
        harness.loop.run()
        #expect(harness.signal("evening") == true)
        harness.loop.setWallClock(to: try Self.wall("2026-06-21 21:00", "Europe/Berlin"))
        harness.loop.run()
        #expect(harness.signal("evening") == false, "before the sunset, about 21:33")
    }

    @Test("until the clock is synchronized a window is at its fallback and an at: waits; then both follow it")
    func unsynchronizedStart() throws {
        let signals = """
              dark: { between: [sunset, sunrise], fallback: on }
              day: { between: [sunrise, sunset] }
              noon: { at: "12:00" }
              noons: { count: noon }
            """
        let harness = try Self.harness(Self.config(zone: "Europe/Berlin", signals), at: "2026-06-21 11:00",
                                       zone: "Europe/Berlin", synchronized: false)
        #expect(harness.signal("dark") == true, "fallback: on")
        #expect(harness.signal("day") == false, "fallback: off, the default")
        #expect(harness.log.contains { $0.hasPrefix("the system clock is not synchronized yet") })
        let why = harness.engine.explain("dark", depth: 0)?.first ?? ""
        #expect(why.contains("at its fallback: the system clock is not synchronized yet"), "\(why)")
        harness.advance(by: .seconds(2 * 3600))
        #expect(Self.total(harness, "noons") == 0, "no at: while untrusted")
        #expect(harness.signal("day") == false)
        harness.loop.setWallClockSynchronized(true)
        harness.loop.run()
        #expect(harness.signal("dark") == false)
        #expect(harness.signal("day") == true)
        #expect(Self.total(harness, "noons") == 0, "nothing owed from before")
        #expect(harness.log.filter { $0.hasPrefix("the system clock is synchronized") }.count == 1)
        harness.advance(by: .seconds(24 * 3600))
        #expect(Self.total(harness, "noons") == 1)
    }

    @Test("a reload keeps a clock once trusted trusted, even while the kernel calls it unsynchronized again")
    func reloadKeepsTrust() throws {
        let text = Self.config(zone: "Europe/Berlin", "      day: { between: [\"08:00\", \"20:00\"] }")
        let harness = try Self.harness(text, at: "2026-06-21 11:00", zone: "Europe/Berlin", synchronized: false)
        #expect(harness.signal("day") == false, "untrusted: at its fallback")
        harness.loop.setWallClockSynchronized(true)
        harness.loop.run()
        #expect(harness.signal("day") == true)
        harness.loop.setWallClockSynchronized(false)
        harness.loop.run()
        let next = Engine(configuration: try ConfigLoader.parse(text + "\n      night: { not: day }\n", file: "gpioagg.yaml"),
                          backend: harness.simulated, loop: harness.loop)
        try next.start(replacing: harness.engine)
        harness.loop.run()
        #expect(next.snapshot().signals["day"] == true, "still trusted after the reload")
        #expect(next.snapshot().clock?.isTrusted == true)
        next.stop()
    }

    @Test("in the midnight sun [sunrise, sunset] stays on across midnight, with no change at all; in the polar night it stays off")
    func midnightSun() throws {
        let text = """
            clock: { timezone: Europe/Oslo, latitude: 69.65, longitude: 18.96 }
            inputs:
              button: { command: true }
            signals:
              daylight: { between: [sunrise, sunset] }
              night: { between: [sunset, sunrise] }
            """
        let summer = try Self.harness(text, at: "2026-06-20 12:00", zone: "Europe/Oslo")
        #expect(summer.signal("daylight") == true)
        #expect(summer.signal("night") == false)
        summer.advance(by: .seconds(3 * 24 * 3600))
        #expect(summer.changes(of: .signal, "daylight").isEmpty, "\(summer.changes(of: .signal, "daylight"))")
        #expect(summer.changes(of: .signal, "night").isEmpty)
        let winter = try Self.harness(text, at: "2026-12-20 12:00", zone: "Europe/Oslo")
        #expect(winter.signal("daylight") == false)
        #expect(winter.signal("night") == true)
        winter.advance(by: .seconds(3 * 24 * 3600))
        #expect(winter.changes(of: .signal, "daylight").isEmpty)
        #expect(winter.changes(of: .signal, "night").isEmpty)
    }

    @Test("trust: always follows the clock from the start")
    func trustAlways() throws {
        let text = """
            clock: { timezone: Europe/Berlin, trust: always }
            inputs:
              button: { command: true }
            signals:
              morning: { between: ["06:00", "09:00"], days: [mon, tue, wed, thu, fri] }
            """
        // 2026-06-22 is a Monday; 2026-06-21 a Sunday.
        let harness = try Self.harness(text, at: "2026-06-22 07:00", zone: "Europe/Berlin", synchronized: false)
        #expect(harness.signal("morning") == true)
        let sunday = try Self.harness(text, at: "2026-06-21 07:00", zone: "Europe/Berlin", synchronized: false)
        #expect(sunday.signal("morning") == false, "not a day it may start")
    }
}

/// `period:` on a counter in virtual time.
@Suite("Period counters in the graph")
struct PeriodCounterTests {
    static let text = """
        clock: { timezone: Europe/Berlin }
        inputs:
          tip: { command: true }
        signals:
          today: { count: tip, multiply: 0.5, unit: mm, period: day }
          week: { count: tip, period: week }
        """

    static func tip(_ harness: EngineHarness, _ times: Int) {
        for _ in 0..<times {
            harness.engine.set("tip", .command(.on))
            harness.engine.set("tip", .command(.off))
        }
    }

    @Test("the day rolls over at local midnight, once per step forward, never back; why says the last day's total")
    func rollsOver() throws {
        let harness = try TimeSignalTests.harness(Self.text, at: "2026-06-21 23:00", zone: "Europe/Berlin")
        Self.tip(harness, 4)
        #expect(harness.signal("today") == .number(2, "mm"))
        harness.advance(by: .seconds(3600))
        #expect(harness.signal("today") == .number(0, "mm"), "midnight")
        #expect(harness.signal("week") == .number(0, .none), "2026-06-22 is a Monday: a new week too")
        let why = harness.engine.explain("today", depth: 0)?.first ?? ""
        #expect(why.contains("this day since 2026-06-22 00:00"), "\(why)")
        #expect(why.contains("the last day: 2"), "\(why)")
        Self.tip(harness, 2)
        harness.loop.setWallClock(to: try TimeSignalTests.wall("2026-06-25 12:00", "Europe/Berlin"))
        harness.loop.run()
        #expect(harness.signal("today") == .number(0, "mm"))
        #expect(harness.signal("week") == .number(2, .none), "the same week")
        #expect(harness.changes(of: .signal, "today").filter { $0 == .number(0, "mm") }.count == 2,
                "three days jumped: one roll-over")
        Self.tip(harness, 1)
        harness.loop.setWallClock(to: try TimeSignalTests.wall("2026-06-24 12:00", "Europe/Berlin"))
        harness.loop.run()
        #expect(harness.signal("today") == .number(0.5, "mm"), "set back: nothing rolls back")
        harness.advance(by: .seconds(12 * 3600))
        #expect(harness.signal("today") == .number(0.5, "mm"), "24 June's midnight is behind the period counted")
        harness.advance(by: .seconds(24 * 3600))
        #expect(harness.signal("today") == .number(0, "mm"), "26 June's midnight")
    }

    @Test("until the clock is trusted nothing rolls over")
    func waitsForTrust() throws {
        let harness = try TimeSignalTests.harness(Self.text, at: "2026-06-21 23:00", zone: "Europe/Berlin",
                                                  synchronized: false)
        Self.tip(harness, 2)
        harness.advance(by: .seconds(2 * 3600))
        #expect(harness.signal("today") == .number(1, "mm"), "no roll-over on an untrusted clock")
        #expect((harness.engine.explain("today", depth: 0)?.first ?? "").contains("the day waits"))
        harness.loop.setWallClockSynchronized(true)
        harness.loop.run()
        #expect(harness.signal("today") == .number(1, "mm"), "the period found is the one counting now")
        harness.advance(by: .seconds(24 * 3600))
        #expect(harness.signal("today") == .number(0, "mm"))
    }

    static let kept = """
        clock: { timezone: Europe/Berlin }
        inputs:
          tip: { command: true }
        signals:
          today: { count: tip, multiply: 0.5, unit: mm, period: day, persist: true }
        """

    /// A harness on `kept` started at `local`, from a kept total of 3 mm counting the
    /// day that began at `keptDay`'s midnight, after a last day of 1 mm.
    static func keptHarness(at local: String, keptDay: String, synchronized: Bool = true) throws -> EngineHarness {
        let harness = EngineHarness(try ConfigLoader.parse(kept, file: "gpioagg.yaml"))
        harness.loop.setWallClock(to: try TimeSignalTests.wall(local, "Europe/Berlin"))
        harness.loop.setWallClockSynchronized(synchronized)
        let start = try TimeSignalTests.wall("\(keptDay) 00:00", "Europe/Berlin") / 1_000_000_000
        harness.engine.keptValues = KeptValues([.signal("today"): .number(3, "mm")],
                                               periods: [.signal("today"): KeptPeriod(start: start, last: 1)])
        try harness.start()
        return harness
    }

    @Test("a kept total of the day counting now goes on; its changes carry the period")
    func keptSameDay() throws {
        let harness = try Self.keptHarness(at: "2026-06-21 20:00", keptDay: "2026-06-21")
        #expect(harness.signal("today") == .number(3, "mm"))
        let midnight = try TimeSignalTests.wall("2026-06-21 00:00", "Europe/Berlin") / 1_000_000_000
        #expect(harness.engine.snapshot().periods["today"]
                == PeriodTotals(period: "day", start: midnight, startText: "2026-06-21T00:00:00+02:00", last: 1))
        var heard: [EngineChange] = []
        let observation = harness.engine.observeChanges { if $0.name == "today" { heard.append($0) } }
        Self.tip(harness, 1)
        observation.cancel()
        #expect(heard.map(\.value) == [.number(3.5, "mm")])
        #expect(heard.first?.period?.start == midnight)
        #expect(heard.first?.period?.last == 1)
    }

    @Test("a kept total whose day ended while stopped is the last day's once the clock is trusted")
    func keptDayEnded() throws {
        let harness = try Self.keptHarness(at: "2026-06-23 08:00", keptDay: "2026-06-21", synchronized: false)
        #expect(harness.signal("today") == .number(3, "mm"), "an untrusted clock: the kept period goes on")
        #expect(harness.engine.snapshot().periods["today"]?.last == 1)
        var heard: [EngineChange] = []
        let observation = harness.engine.observeChanges { heard.append($0) }
        harness.loop.setWallClockSynchronized(true)
        harness.loop.run()
        observation.cancel()
        #expect(harness.signal("today") == .number(0, "mm"))
        let periods = harness.engine.snapshot().periods["today"]
        #expect(periods?.last == 3, "the kept total is the last day's")
        #expect(periods?.startText == "2026-06-23T00:00:00+02:00")
        #expect(heard.map(\.value) == [.number(0, "mm")])
        #expect(heard.first?.period == periods)
    }

    @Test("a counter's period found when the clock becomes trusted is told again with the same total")
    func periodFoundIsTold() throws {
        let harness = try TimeSignalTests.harness(Self.text, at: "2026-06-21 23:00", zone: "Europe/Berlin",
                                                  synchronized: false)
        Self.tip(harness, 2)
        #expect(harness.engine.snapshot().periods["today"]?.start == nil)
        var heard: [EngineChange] = []
        let observation = harness.engine.observeChanges { heard.append($0) }
        harness.loop.setWallClockSynchronized(true)
        harness.loop.run()
        observation.cancel()
        let today = heard.filter { $0.name == "today" }
        #expect(today.count == 1)
        #expect(today.first?.isRepeat == true)
        #expect(today.first?.value == .number(1, "mm"))
        #expect(today.first?.period?.startText == "2026-06-21T00:00:00+02:00")
        #expect(heard.first { $0.name == "week" }?.period?.period == "week")
    }

    @Test("check refuses period: on what is not a counter and an unknown period; takes persist: beside it")
    func refusals() throws {
        func errors(_ signal: String) -> String {
            do {
                _ = try ConfigLoader.parse("clock: { timezone: UTC }\ninputs:\n  tip: { command: true }\nsignals:\n  \(signal)\n",
                                           file: "gpioagg.yaml")
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(errors("rain: { any: [tip], period: day }").contains("period: does not apply to any:"))
        #expect(errors("rain: { count: tip, period: fortnight }").contains("unknown value 'fortnight' for period:"))
        #expect(errors("rain: { count: tip, period: day, persist: true }").isEmpty)
        #expect(errors("rain: { count: tip, period: month }").isEmpty)
    }
}

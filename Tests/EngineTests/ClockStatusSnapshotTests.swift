import Config
@testable import Engine
import Testing
import Values

/// The clock in the engine's snapshot, which `status` shows: only with times of day.
/// Local times are 2026-12-01 11:00 in each zone (a fixed wall clock, in virtual time).
@Suite("Status: the clock in the engine's snapshot")
struct ClockStatusSnapshotTests {
    static func clock(_ text: String, zone: String, synchronized: Bool) throws -> ClockStatus? {
        let harness = try TimeSignalTests.harness(text, at: "2026-12-01 11:00", zone: zone, synchronized: synchronized)
        return harness.engine.snapshot().clock
    }

    @Test("zone, synchronized, trusted, local time and today's sunrise and sunset")
    func berlin() throws {
        let text = TimeSignalTests.config(zone: "Europe/Berlin", "  evening: { between: [sunset, \"23:00\"] }")
        let clock = try #require(try Self.clock(text, zone: "Europe/Berlin", synchronized: true))
        #expect(clock.zone == "Europe/Berlin" && !clock.isSystemZone)
        #expect(clock.isSynchronized && clock.isTrusted)
        #expect(clock.localTime == "2026-12-01 11:00:00 CET")
        // In early December the sun rises in Berlin shortly before 08:00 CET and sets
        // shortly before 16:00.
        guard case .at(let sunrise)? = clock.sunrise, case .at(let sunset)? = clock.sunset else {
            Issue.record("no sunrise or sunset: \(clock)")
            return
        }
        #expect(sunrise.hasPrefix("07:") && sunset.hasPrefix("15:5"), "\(sunrise), \(sunset)")
    }

    @Test("an unsynchronized clock is not followed yet; a place in the polar night has no sunrise")
    func tromso() throws {
        let text = """
            clock: { timezone: Europe/Oslo, latitude: 69.65, longitude: 18.96 }
            inputs:
              button: { command: true }
            signals:
              daylight: { between: [sunrise, sunset] }
            """
        let clock = try #require(try Self.clock(text, zone: "Europe/Oslo", synchronized: false))
        #expect(!clock.isSynchronized && !clock.isTrusted)
        #expect(clock.sunrise == .staysDown && clock.sunset == .staysDown)
    }

    @Test("trust: always is followed before the kernel calls the clock synchronized; no place, no sun")
    func always() throws {
        let text = """
            clock: { timezone: UTC, trust: always }
            inputs:
              button: { command: true }
            """
        let clock = try #require(try Self.clock(text, zone: "UTC", synchronized: false))
        #expect(!clock.isSynchronized && clock.isTrusted)
        #expect(clock.sunrise == nil && clock.sunset == nil)
    }

    @Test("clock: without timezone: and no time signal: the system's zone, not read, and no local time")
    func unread() throws {
        let clock = try #require(try Self.clock("clock: { trust: always }\ninputs:\n  button: { command: true }\n",
                                                zone: "UTC", synchronized: true))
        #expect(clock == ClockStatus(zone: "not read, no time signal needs it", isSystemZone: true,
                                     isSynchronized: true, isTrusted: true))
    }

    @Test("a config without clock: and without a time signal has no clock in its snapshot")
    func none() throws {
        #expect(try Self.clock("inputs:\n  button: { command: true }\n", zone: "UTC", synchronized: true) == nil)
    }
}

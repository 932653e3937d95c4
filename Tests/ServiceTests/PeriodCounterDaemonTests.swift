#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Clock
import Control
import Foundation
import MQTTEmbedded
import Service
import Testing
import TestSupport

/// A counter with `period:` and `persist: true` in the whole daemon, in virtual time: the
/// state file keeps the period with the total, a restart after the period ended starts
/// the next one with the kept total as the last one's, `status` shows the period and Home
/// Assistant reads it as the sensor's attributes.
@Suite("Period counters in the daemon")
struct PeriodCounterDaemonTests {
    static let text = """
        chips:
          main: { label: pinctrl-bcm2711 }
        clock: { timezone: Europe/Berlin, trust: always }
        mqtt:
          broker: mqtt://broker.invalid
          node: garden
        inputs:
          tip: { command: true }
        signals:
          rain_today: { count: tip, multiply: 0.5, unit: mm, precision: 1, period: day, persist: true, persist_every: 1s }
        """

    /// The transports the daemon made.
    final class Made { var transports: [EmbeddedMQTTTransport] = [] }

    /// `2026-06-21 20:00` in Berlin, in nanoseconds since 1970.
    static func berlin(_ local: String) throws -> Int64 {
        try LocalWallTime.nanoseconds(local, in: "Europe/Berlin")
    }

    /// A daemon on `state` whose wall clock starts at `local` (Berlin), connected.
    static func start(at local: String, state: String) throws -> (DaemonTests.Rig, EmbeddedMQTTTransport) {
        let made = Made()
        let rig = try DaemonTests.Rig(text, stateDirectory: state, mqttTransport: { declaration, loop, _ in
            let transport = EmbeddedMQTTTransport(loop: loop, statusTopic: declaration.topics.statusTopic)
            made.transports.append(transport)
            return transport
        })
        rig.loop.setWallClock(to: try berlin(local))
        try rig.daemon.start()
        let transport = try #require(made.transports.last)
        transport.acceptConnection()
        rig.loop.advance(by: .milliseconds(1))   // the loop's next turn: the timers due now
        return (rig, transport)
    }

    /// Whether the state file comes to hold `line` within 10 s: its writer writes on a
    /// thread of its own.
    static func eventually(_ state: MaxOnRestartTests.StateFolder, holds line: String) -> Bool {
        for _ in 0..<1000 {
            if state.file.contains(line) { return true }
            usleep(10_000)
        }
        return false
    }

    static func tip(_ rig: DaemonTests.Rig, _ times: Int) {
        for _ in 0..<times {
            _ = rig.daemon.handle(.set(name: "tip", value: .on))
            _ = rig.daemon.handle(.set(name: "tip", value: .off))
        }
    }

    @Test("the period is kept with the total; a restart two days later starts today with the kept total as the last day's")
    func keptAcrossDays() throws {
        let state = MaxOnRestartTests.StateFolder()
        let midnight21 = try Self.berlin("2026-06-21 00:00") / 1_000_000_000
        do {
            let (rig, transport) = try Self.start(at: "2026-06-21 20:00", state: state.path)
            #expect(Self.eventually(state, holds: "signal rain_today 0.0 period \(midnight21)\n"),
                    "the period found at start is kept at once: \(state.file)")
            #expect(transport.retainedText("gpioagg/garden/rain_today/attributes")
                    == #"{"period":"day","period_start":"2026-06-21T00:00:00+02:00","last_period_total":null}"#)
            let config = transport.retainedText("homeassistant/sensor/garden/rain_today/config") ?? ""
            #expect(config.contains(#""json_attributes_topic":"gpioagg/garden/rain_today/attributes""#), "\(config)")
            Self.tip(rig, 5)
            rig.loop.advance(by: .seconds(2))
            #expect(Self.eventually(state, holds: "signal rain_today 2.5 period \(midnight21)\n"), "\(state.file)")
            rig.daemon.handle(signal: SIGTERM)
        }
        let (rig, transport) = try Self.start(at: "2026-06-23 08:00", state: state.path)
        #expect(rig.daemon.engine.snapshot().signals["rain_today"] == .number(0, "mm"))
        let midnight23 = try Self.berlin("2026-06-23 00:00") / 1_000_000_000
        #expect(Self.eventually(state, holds: "signal rain_today 0.0 period \(midnight23) last 2.5\n"), "\(state.file)")
        let line = rig.daemon.engine.snapshot().table.split(separator: "\n").first { $0.contains("rain_today") } ?? ""
        #expect(line.hasSuffix("0.0 mm  (this day since 2026-06-23 00:00; last day 2.5 mm)"), "\(line)")
        #expect(transport.retainedText("gpioagg/garden/rain_today/attributes")
                == #"{"period":"day","period_start":"2026-06-23T00:00:00+02:00","last_period_total":2.5}"#)
        Self.tip(rig, 1)
        rig.loop.advance(by: .seconds(16 * 3600))
        #expect(transport.retainedText("gpioagg/garden/rain_today") == "0.0", "midnight")
        #expect(transport.retainedText("gpioagg/garden/rain_today/attributes")
                == #"{"period":"day","period_start":"2026-06-24T00:00:00+02:00","last_period_total":0.5}"#)
        let midnight24 = try Self.berlin("2026-06-24 00:00") / 1_000_000_000
        #expect(Self.eventually(state, holds: "signal rain_today 0.0 period \(midnight24) last 0.5\n"), "\(state.file)")
        let json = rig.daemon.engine.snapshot().json.serialized
        #expect(json.contains(#""periods":{"rain_today":{"period":"day","start":"2026-06-24T00:00:00+02:00","last":0.5}}"#),
                "\(json)")
        rig.daemon.handle(signal: SIGTERM)
    }
}

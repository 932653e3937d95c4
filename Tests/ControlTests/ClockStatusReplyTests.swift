import Control
import Testing
import Values

/// `status`'s clock section, in the reply's JSON and in the table `gpioagg status` prints.
@Suite("Control: the clock in status")
struct ClockStatusReplyTests {
    static let berlin = ClockStatus(zone: "Europe/Berlin", isSynchronized: true, isTrusted: true,
                                    localTime: "2026-12-01 11:00:00 CET", sunrise: .at("07:57:02"), sunset: .at("15:55:40"))
    static let tromso = ClockStatus(zone: "Europe/Oslo", isSystemZone: true, isSynchronized: false, isTrusted: false,
                                    localTime: "2026-12-01 11:00:00 CET", sunrise: .staysDown, sunset: .staysDown)

    static func snapshot(_ clock: ClockStatus?) -> EngineSnapshot {
        var snapshot = EngineSnapshot(inputs: ["motion": false], signals: ["evening": true], outputs: [:])
        snapshot.clock = clock
        return snapshot
    }

    @Test("the clock follows the nodes in the reply, and reads back the same")
    func json() throws {
        let reply = ControlReply.status(Self.snapshot(Self.berlin))
        #expect(reply.encoded() == #"{"ok":true,"inputs":{"motion":false},"signals":{"evening":true},"outputs":{},"#
            + #""clock":{"zone":"Europe/Berlin","system_zone":false,"synchronized":true,"trusted":true,"#
            + #""local_time":"2026-12-01 11:00:00 CET","sunrise":"07:57:02","sunset":"15:55:40"}}"#)
        #expect(try ControlReply(decoding: reply.encoded()) == reply)
        let polar = ControlReply.status(Self.snapshot(Self.tromso))
        #expect(polar.encoded().hasSuffix(#""sunrise":"stays down","sunset":"stays down"}}"#))
        #expect(try ControlReply(decoding: polar.encoded()) == polar)
    }

    @Test("no clock, no member: a config without times of day replies as before")
    func none() throws {
        let reply = ControlReply.status(Self.snapshot(nil))
        #expect(!reply.encoded().contains("clock"))
        #expect(!Self.snapshot(nil).table.contains("CLOCK"))
    }

    @Test("a clock that is not an object, or lacks its facts, is an invalid reply", arguments: [
        (#"{"ok":true,"inputs":{},"signals":{},"outputs":{},"clock":"UTC"}"#, "the clock is a string, not an object"),
        (#"{"ok":true,"inputs":{},"signals":{},"outputs":{},"clock":{"zone":"UTC"}}"#,
         #"a clock without "zone", "synchronized" and "trusted""#),
    ])
    func invalid(line: String, reason: String) {
        do {
            let reply = try ControlReply(decoding: line)
            Issue.record("accepted as \(reply)")
        } catch {
            #expect(error.message == "unexpected reply from gpioagg: \(reason)")
        }
    }

    @Test("the table ends with the clock: zone, synchronization, today's sun")
    func table() {
        #expect(Self.snapshot(Self.berlin).table.split(separator: "\n").suffix(6) == [
            "CLOCK",
            "  zone          Europe/Berlin",
            "  local time    2026-12-01 11:00:00 CET",
            "  synchronized  yes; time signals follow it",
            "  sunrise       07:57:02",
            "  sunset        15:55:40",
        ])
        #expect(Self.snapshot(Self.tromso).table.split(separator: "\n").suffix(6) == [
            "CLOCK",
            "  zone          the system's: Europe/Oslo",
            "  local time    2026-12-01 11:00:00 CET",
            "  synchronized  no; time signals wait for it (between: at its fallback, at: not fired)",
            "  sunrise       none today: the sun stays down",
            "  sunset        none today: the sun stays down",
        ])
    }
}

import Config
import MQTTCore
@testable import Bridge
import Testing
import Values

/// Remote inputs' values and fallbacks, from the broker's events and the loop's time.
@Suite("Remote inputs")
struct RemoteInputsTests {
    static let at = SourceLocation(file: "t.yaml", line: 1, column: 1)
    static let shed = RemoteInputDeclaration(name: "shed_door", topic: "gpioagg/shed/door_open", fallback: false,
                                             location: at)
    static let sensor = RemoteInputDeclaration(name: "rain", topic: "weather/rain", fallback: true,
                                               payloadOn: "wet", payloadOff: "dry", location: at)
    static let second: UInt64 = 1_000_000_000

    typealias Change = RemoteInputs.Change

    @Test("another publisher's topic is taken as it comes; a payload that means nothing, or a cleared topic, is the fallback at once")
    func otherPublishers() {
        var remote = RemoteInputs([Self.sensor], prefix: "gpioagg")
        #expect(remote.topics == ["weather/rain"])
        #expect(remote.fallbackReasons.map(\.reason) == ["no message on weather/rain yet"])
        #expect(remote.connected(now: 0) == .init())
        #expect(remote.message(topic: "weather/rain", payload: "dry", now: 1).changes
            == [Change(name: "rain", value: false, reason: nil)])
        #expect(remote.message(topic: "weather/rain", payload: "maybe", now: 2) == .init(changes: [
            Change(name: "rain", value: true, reason: "the last message on weather/rain, 'maybe', is neither wet nor dry"),
        ]), "the reason names the payload, not 'no message yet'")
        #expect(remote.message(topic: "weather/rain", payload: "dry", now: 3).changes
            == [Change(name: "rain", value: false, reason: nil)])
        #expect(remote.message(topic: "weather/rain", payload: "", now: 4).changes == [
            Change(name: "rain", value: true, reason: "weather/rain was cleared (an empty retained message)"),
        ])
        #expect(remote.nextDeadline == nil, "nothing is held: a payload is a statement, not a loss")
    }

    static let outside = RemoteInputDeclaration(name: "outside", topic: "weather/outside",
                                                number: NumberRemoteDeclaration(number: NumberDeclaration(unit: "°C")),
                                                location: at)
    static let shedTemp = RemoteInputDeclaration(name: "shed_temp", topic: "gpioagg/shed/temp", hold: .seconds(30),
                                                 number: NumberRemoteDeclaration(fallback: 10,
                                                                                 number: NumberDeclaration(unit: "°C")),
                                                 location: at)

    @Test("a number: a decimal payload is its value in its unit; anything else, or a cleared topic, is its fallback, unavailable by default")
    func numbers() {
        var remote = RemoteInputs([Self.outside], prefix: "gpioagg")
        #expect(remote.values.map(\.value) == [.unavailable])
        #expect(remote.connected(now: 0) == .init())
        #expect(remote.message(topic: "weather/outside", payload: " 3.5\n", now: 1).changes
            == [Change(name: "outside", value: .number(3.5, "°C"), reason: nil)])
        #expect(remote.message(topic: "weather/outside", payload: "ON", now: 2).changes == [
            Change(name: "outside", value: .unavailable,
                   reason: "the last message on weather/outside, 'ON', is not a decimal number"),
        ])
        #expect(remote.message(topic: "weather/outside", payload: "-1e1", now: 3).changes
            == [Change(name: "outside", value: .number(-10, "°C"), reason: nil)])
        #expect(remote.message(topic: "weather/outside", payload: "nan", now: 4).changes.map(\.value) == [.unavailable])
        #expect(remote.message(topic: "weather/outside", payload: "", now: 5).changes == [],
                "already at its fallback: a cleared topic changes nothing")
        #expect(RemoteInputs.fallback(of: Self.shedTemp) == .number(10, "°C"))
        #expect(RemoteInputs.fallback(of: Self.shed) == .level(false))
    }

    @Test("another node's number: the trust rules of levels, held through a loss, and its own availability topic")
    func nodeNumbers() {
        var remote = RemoteInputs([Self.shedTemp], prefix: "gpioagg")
        #expect(remote.topics == ["gpioagg/shed/temp/available", "gpioagg/shed/temp", "gpioagg/shed/status"])
        _ = remote.connected(now: 0)
        #expect(remote.message(topic: "gpioagg/shed/temp", payload: "12.5", now: 1) == .init(), "no status yet")
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "online", now: 2).changes
            == [Change(name: "shed_temp", value: .number(12.5, "°C"), reason: nil)])
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "offline", now: 3).notes
            == [.holding(name: "shed_temp", value: .number(12.5, "°C"), hold: .seconds(30), loss: "node shed is offline")])
        #expect(remote.expire(now: 3 + 30 * Self.second).changes
            == [Change(name: "shed_temp", value: .number(10, "°C"), reason: "node shed is offline for 30s")])
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "online", now: 40 * Self.second).changes
            == [Change(name: "shed_temp", value: .number(12.5, "°C"), reason: nil)])
        // The shed's sensor stops answering: its value stays retained, its availability
        // says offline. That is no value, at once (not a loss to ride out).
        #expect(remote.message(topic: "gpioagg/shed/temp/available", payload: "offline", now: 41 * Self.second).changes
            == [Change(name: "shed_temp", value: .number(10, "°C"), reason: "node shed says gpioagg/shed/temp is unavailable")])
        #expect(remote.message(topic: "gpioagg/shed/temp", payload: "13", now: 42 * Self.second) == .init(),
                "still unavailable there")
        #expect(remote.message(topic: "gpioagg/shed/temp/available", payload: "online", now: 43 * Self.second).changes
            == [Change(name: "shed_temp", value: .number(13, "°C"), reason: nil)])
    }

    @Test("a node's retained value is not taken while its status is offline or not known: the stale door never opens")
    func staleRetainedValueAtStart() {
        var remote = RemoteInputs([Self.shed], prefix: "gpioagg")
        #expect(remote.topics == ["gpioagg/shed/door_open", "gpioagg/shed/status"])
        #expect(remote.connected(now: 0) == .init())
        // The shed is away: its last value is still retained, and so is its will.
        #expect(remote.explanation(of: "shed_door", now: Self.second)
            == "at its fallback: no status from node shed yet (for 1s)")
        #expect(remote.message(topic: "gpioagg/shed/door_open", payload: "ON", now: 1) == .init(),
                "no status yet: the value waits")
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "offline", now: 2 * Self.second) == .init())
        #expect(remote.explanation(of: "shed_door", now: 5 * Self.second)
            == "at its fallback: node shed is offline (for 3s)")
        // The shed comes back, with its door shut.
        #expect(remote.message(topic: "gpioagg/shed/door_open", payload: "OFF", now: 3) == .init())
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "online", now: 4) == .init(),
                "off, as the fallback already is: no change to tell")
        #expect(remote.message(topic: "gpioagg/shed/door_open", payload: "ON", now: 5).changes
            == [Change(name: "shed_door", value: true, reason: nil)])
    }

    @Test("a broker outage shorter than the hold changes nothing: the value is kept, and the loss and its end are told once each")
    func brokerOutageWithinHold() {
        var remote = RemoteInputs([Self.shed], prefix: "gpioagg")
        _ = remote.connected(now: 0)
        _ = remote.message(topic: "gpioagg/shed/status", payload: "online", now: 0)
        #expect(remote.message(topic: "gpioagg/shed/door_open", payload: "ON", now: 0).changes
            == [Change(name: "shed_door", value: true, reason: nil)])

        let lost = 10 * Self.second
        #expect(remote.disconnected(now: lost) == .init(notes: [
            .holding(name: "shed_door", value: true, hold: .seconds(30), loss: "the broker is unreachable"),
        ]))
        #expect(remote.nextDeadline == lost + 30 * Self.second)
        #expect(remote.explanation(of: "shed_door", now: lost + 2 * Self.second)
            == "holding its last value: the broker is unreachable (for 2s; the fallback in 28s)")
        // The broker is back before the shed: its will says offline for a while.
        #expect(remote.connected(now: lost + 2 * Self.second) == .init())
        #expect(remote.message(topic: "gpioagg/shed/door_open", payload: "ON", now: lost + 2 * Self.second) == .init())
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "offline", now: lost + 2 * Self.second) == .init())
        #expect(remote.explanation(of: "shed_door", now: lost + 3 * Self.second)
            == "holding its last value: node shed is offline (for 3s; the fallback in 27s)")
        // The shed reconnects, its door still open: no change, one line.
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "online", now: lost + 4 * Self.second)
            == .init(notes: [.recovered(name: "shed_door", after: .seconds(4))]))
        #expect(remote.nextDeadline == nil)
        #expect(remote.explanation(of: "shed_door", now: lost + 5 * Self.second) == nil)
    }

    @Test("a loss that lasts the whole hold ends in the fallback, once; the publisher's return with another value is a change")
    func holdRunsOut() {
        var remote = RemoteInputs([Self.shed], prefix: "gpioagg")
        _ = remote.connected(now: 0)
        _ = remote.message(topic: "gpioagg/shed/status", payload: "online", now: 0)
        _ = remote.message(topic: "gpioagg/shed/door_open", payload: "ON", now: 0)
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "offline", now: Self.second).notes
            == [.holding(name: "shed_door", value: true, hold: .seconds(30), loss: "node shed is offline")])
        #expect(remote.expire(now: 30 * Self.second) == .init(), "a moment before the hold runs out")
        #expect(remote.expire(now: 31 * Self.second).changes
            == [Change(name: "shed_door", value: false, reason: "node shed is offline for 30s")])
        #expect(remote.nextDeadline == nil)
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "offline", now: 32 * Self.second) == .init(),
                "a fallback is not told again")
        #expect(remote.explanation(of: "shed_door", now: 41 * Self.second)
            == "at its fallback: node shed is offline (for 40s)")
        // Back, with the door shut: no change (off is the fallback), and no hold to end.
        _ = remote.message(topic: "gpioagg/shed/door_open", payload: "OFF", now: 50 * Self.second)
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "online", now: 50 * Self.second) == .init())
        #expect(remote.message(topic: "gpioagg/shed/door_open", payload: "ON", now: 51 * Self.second).changes
            == [Change(name: "shed_door", value: true, reason: nil)])
        // Gone again, and back within the hold with the door shut: the value changes then.
        _ = remote.message(topic: "gpioagg/shed/status", payload: "offline", now: 70 * Self.second)
        _ = remote.message(topic: "gpioagg/shed/door_open", payload: "OFF", now: 71 * Self.second)
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "online", now: 72 * Self.second) == .init(
            changes: [Change(name: "shed_door", value: false, reason: nil)],
            notes: [.recovered(name: "shed_door", after: .seconds(2))]))
    }

    @Test("a node flapping offline and online 1,000 times in a minute: one loss and its end told, then one line for the rest")
    func flapping() {
        var remote = RemoteInputs([Self.shed], prefix: "gpioagg")
        _ = remote.connected(now: 0)
        _ = remote.message(topic: "gpioagg/shed/status", payload: "online", now: 0)
        _ = remote.message(topic: "gpioagg/shed/door_open", payload: "ON", now: 0)
        var notes: [RemoteInputs.Note] = []
        var changes: [Change] = []
        let millisecond: UInt64 = 1_000_000
        for flap in 0..<1_000 {
            let at = Self.second + UInt64(flap) * 50 * millisecond
            for (payload, offset) in [("offline", 0), ("online", 10 * millisecond)] {
                let update = remote.message(topic: "gpioagg/shed/status", payload: payload, now: at + UInt64(offset))
                notes += update.notes
                changes += update.changes
            }
        }
        #expect(changes.isEmpty, "every loss was shorter than the hold")
        #expect(notes == [
            .holding(name: "shed_door", value: true, hold: .seconds(30), loss: "node shed is offline"),
            .recovered(name: "shed_door", after: .milliseconds(10)),
        ])
        #expect(remote.nextDeadline == 61 * Self.second, "the summary is due when the quiet period ends")
        #expect(remote.expire(now: 61 * Self.second).notes == [.repeated(name: "shed_door", count: 999, within: .seconds(60))])
        #expect(remote.nextDeadline == nil)
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "offline", now: 62 * Self.second).notes
            == [.holding(name: "shed_door", value: true, hold: .seconds(30), loss: "node shed is offline")],
                "after the quiet period, a loss is told again")
    }

    @Test("hold: 0 takes the fallback at once, as soon as a loss begins")
    func noHold() {
        var declaration = Self.shed
        declaration.hold = .zero
        var remote = RemoteInputs([declaration, Self.sensor], prefix: "gpioagg")
        _ = remote.connected(now: 0)
        _ = remote.message(topic: "gpioagg/shed/status", payload: "online", now: 0)
        _ = remote.message(topic: "gpioagg/shed/door_open", payload: "ON", now: 0)
        _ = remote.message(topic: "weather/rain", payload: "dry", now: 0)
        #expect(remote.disconnected(now: Self.second) == .init(changes: [
            Change(name: "shed_door", value: false, reason: "the broker is unreachable"),
        ], notes: [
            .holding(name: "rain", value: false, hold: .seconds(30), loss: "the broker is unreachable"),
        ]), "rain keeps the default hold")
        #expect(remote.connected(now: 2 * Self.second) == .init())
        #expect(remote.message(topic: "weather/rain", payload: "dry", now: 2 * Self.second)
            == .init(notes: [.recovered(name: "rain", after: .seconds(1))]))
    }

    @Test("a reload keeps the value and the hold of an input whose declaration is unchanged; a changed one starts afresh")
    func reload() {
        var remote = RemoteInputs([Self.shed, Self.sensor], prefix: "gpioagg")
        _ = remote.connected(now: 0)
        _ = remote.message(topic: "gpioagg/shed/status", payload: "online", now: 0)
        _ = remote.message(topic: "gpioagg/shed/door_open", payload: "ON", now: 0)
        _ = remote.message(topic: "weather/rain", payload: "dry", now: 0)
        _ = remote.message(topic: "gpioagg/shed/status", payload: "offline", now: Self.second)

        var moved = Self.shed
        moved.location = SourceLocation(file: "t.yaml", line: 9, column: 3)
        var changed = Self.sensor
        changed.payloadOn = "raining"
        let next = RemoteInputs([moved, changed], prefix: "gpioagg", continuing: remote)
        #expect(next.values.map(\.value) == [true, true], "shed_door held on; rain back at its fallback")
        #expect(next.freshTopics(since: remote) == ["weather/rain"])
        #expect(next.nextDeadline == 31 * Self.second, "the hold under way goes on")
        var reloaded = next
        #expect(reloaded.expire(now: 31 * Self.second).changes
            == [Change(name: "shed_door", value: false, reason: "node shed is offline for 30s")])
    }

    @Test("a payload whose bytes are not UTF-8 is no value, even where its replacement character would match payload_on")
    func notUTF8() {
        let replacement = RemoteInputDeclaration(name: "odd", topic: "odd/topic", fallback: false,
                                                 payloadOn: "\u{FFFD}", location: Self.at)
        var remote = RemoteInputs([replacement], prefix: "gpioagg")
        #expect(remote.connected(now: 0) == .init())
        #expect(remote.message(topic: "odd/topic", payload: "\u{FFFD}", now: 0).changes
            == [Change(name: "odd", value: true, reason: nil)])
        #expect(remote.message(topic: "odd/topic", payload: [0xFF], now: 0).changes == [
            Change(name: "odd", value: false, reason: "the last message on odd/topic, (not UTF-8), is neither \u{FFFD} nor OFF"),
        ])
    }

    @Test("a topic is another gpioagg node's when it is <prefix>/<node>/<name> under this prefix")
    func nodes() {
        #expect(TopicLayout.node(ofStateTopic: "gpioagg/shed/door", prefix: "gpioagg") == "shed")
        #expect(TopicLayout.node(ofStateTopic: "home/gpioagg/shed/door", prefix: "home/gpioagg") == "shed")
        #expect(TopicLayout.node(ofStateTopic: "gpioagg/shed/door/set", prefix: "gpioagg") == nil)
        #expect(TopicLayout.node(ofStateTopic: "gpioagg/shed/status", prefix: "gpioagg") == nil)
        #expect(TopicLayout.node(ofStateTopic: "zigbee/shed/door", prefix: "gpioagg") == nil)
    }
}

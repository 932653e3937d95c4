import Config
@testable import Service
import Testing

/// Remote inputs' values and fallbacks, from the broker's events.
@Suite("Remote inputs")
struct RemoteInputsTests {
    static let at = SourceLocation(file: "t.yaml", line: 1, column: 1)
    static let shed = RemoteInputDeclaration(name: "shed_door", topic: "gpioagg/shed/door_open", fallback: false,
                                             location: at)
    static let sensor = RemoteInputDeclaration(name: "rain", topic: "weather/rain", fallback: true,
                                               payloadOn: "wet", payloadOff: "dry", location: at)

    @Test("the fallback until the first message, while the broker is away, and while the node says offline")
    func fallbacks() {
        var remote = RemoteInputs([Self.shed, Self.sensor], prefix: "gpioagg")
        #expect(remote.topics == ["gpioagg/shed/door_open", "weather/rain", "gpioagg/shed/status"])
        #expect(remote.fallbackReasons.map(\.reason) == ["no message on gpioagg/shed/door_open yet",
                                                         "no message on weather/rain yet"])
        #expect(remote.connected() == [])
        #expect(remote.message(topic: "gpioagg/shed/door_open", payload: "ON")
            == [.init(name: "shed_door", value: true, reason: nil)])
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "offline")
            == [.init(name: "shed_door", value: false, reason: "node shed is offline")])
        #expect(remote.message(topic: "gpioagg/shed/status", payload: "online")
            == [.init(name: "shed_door", value: true, reason: nil)])
        #expect(remote.message(topic: "weather/rain", payload: "dry") == [.init(name: "rain", value: false, reason: nil)])
        #expect(remote.message(topic: "weather/rain", payload: "maybe") == [
            .init(name: "rain", value: true, reason: "no message on weather/rain yet"),
        ], "a payload that means nothing is no value: the fallback")
        #expect(remote.disconnected() == [
            .init(name: "shed_door", value: false, reason: "the broker is unreachable"),
            .init(name: "rain", value: true, reason: "the broker is unreachable"),
        ])
        // Retained values come again after the reconnect, not from memory.
        #expect(remote.connected() == [
            .init(name: "shed_door", value: false, reason: "no message on gpioagg/shed/door_open yet"),
            .init(name: "rain", value: true, reason: "no message on weather/rain yet"),
        ])
    }

    @Test("a payload whose bytes are not UTF-8 is no value, even where its replacement character would match payload_on")
    func notUTF8() {
        let replacement = RemoteInputDeclaration(name: "odd", topic: "odd/topic", fallback: false,
                                                 payloadOn: "\u{FFFD}", location: Self.at)
        var remote = RemoteInputs([replacement], prefix: "gpioagg")
        #expect(remote.connected() == [])
        #expect(remote.message(topic: "odd/topic", payload: "\u{FFFD}") == [.init(name: "odd", value: true, reason: nil)])
        #expect(remote.message(topic: "odd/topic", payload: [0xFF]) == [
            .init(name: "odd", value: false, reason: "no message on odd/topic yet"),
        ])
    }

    @Test("a topic is another gpioagg node's when it is <prefix>/<node>/<name> under this prefix")
    func nodes() {
        #expect(RemoteInputs.node(of: "gpioagg/shed/door", prefix: "gpioagg") == "shed")
        #expect(RemoteInputs.node(of: "home/gpioagg/shed/door", prefix: "home/gpioagg") == "shed")
        #expect(RemoteInputs.node(of: "gpioagg/shed/door/set", prefix: "gpioagg") == nil)
        #expect(RemoteInputs.node(of: "gpioagg/shed/status", prefix: "gpioagg") == nil)
        #expect(RemoteInputs.node(of: "zigbee/shed/door", prefix: "gpioagg") == nil)
    }
}

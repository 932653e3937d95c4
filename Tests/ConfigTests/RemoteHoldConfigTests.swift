import Config
import Testing

/// `hold:` on a remote input: how long its last value rides out a loss.
@Suite("Config: a remote input's hold")
struct RemoteHoldConfigTests {
    static let mqtt = ConfigFixture.chips + "mqtt: { broker: mqtt://h }\n"

    @Test("hold: defaults to 30s, takes any duration up to a day, and 0 for none")
    func values() throws {
        for (written, expected) in [("", Duration.seconds(30)), (", hold: 1m", .seconds(60)), (", hold: 0", .zero),
                                    (", hold: 250ms", .milliseconds(250))] {
            let configuration = try ConfigFixture.parse(Self.mqtt + "inputs:\n  shed: { topic: gpioagg/shed/door\(written) }\n")
            #expect(configuration.remoteInputs.first?.hold == expected, "hold written '\(written)'")
        }
    }

    @Test("a hold that is not a duration, or longer than a day, is refused at its place")
    func refused() {
        ConfigFixture.expectRefused(Self.mqtt + "inputs:\n  shed: { topic: a/b, hold: 30 }\n", at: 5, 29,
                                    "(hold: of input 'shed')", hint: "")
        ConfigFixture.expectRefused(Self.mqtt + "inputs:\n  shed: { topic: a/b, hold: 2d }\n", at: 5, 29,
                                    "(hold: of input 'shed')", hint: "")
        ConfigFixture.expectRefused(Self.mqtt + "inputs:\n  shed: { topic: a/b, hold: 25h }\n", at: 5, 29,
                                    "hold: 25h in input 'shed' is longer than a day", hint: "hold: is from 0 to 24h")
        ConfigFixture.expectRefused(Self.mqtt + "inputs:\n  shed: { command: true, hold: 1s }\n", at: 5, 26,
                                    "hold: does not apply to a command input (input 'shed')", hint: "")
    }

    @Test("a reload keeps a remote input's value when only where it is written changed")
    func unchangedWherever() throws {
        let first = try ConfigFixture.parse(Self.mqtt + "inputs:\n  shed: { topic: a/b, hold: 5s }\n")
        let moved = try ConfigFixture.parse(Self.mqtt + "\ninputs:\n    shed: { topic: a/b,   hold: 5s }\n")
        let changed = try ConfigFixture.parse(Self.mqtt + "inputs:\n  shed: { topic: a/b, hold: 6s }\n")
        let a = try #require(first.remoteInputs.first)
        #expect(a.isUnchanged(from: try #require(moved.remoteInputs.first)))
        #expect(a != moved.remoteInputs.first, "the places differ")
        #expect(!a.isUnchanged(from: try #require(changed.remoteInputs.first)))
    }
}

import Config
import Testing

@Suite("covers: garage doors on one relay and blinds on two motors")
struct CoverConfigTests {
    /// Lines 1-11: two inputs, a relay with pulse:, two motors in an interlock.
    static let base = ConfigFixture.chipsAndInputs + """
        outputs:
          relay: { chip: main, line: 8, pulse: 500ms }
          up: { chip: main, line: 9 }
          down: { chip: main, line: 10 }
        interlocks:
          motors: { outputs: [up, down], wait: 500ms }

        """

    /// `base` and a `covers:` section whose entries start at line 13.
    static func config(_ covers: String...) -> String {
        base + "covers:\n" + covers.map { "  " + $0 + "\n" }.joined()
    }

    /// Expects, among `text`'s errors, one at `line`:`column` holding `message`, its hint
    /// holding `hint`. (An output left without a cover is refused too: each case leaves
    /// some out.)
    static func expectError(_ text: String, at line: Int, _ column: Int, _ message: String, hint: String,
                            sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let errors = ConfigFixture.errors(text)
        #expect(errors.contains { error in
            error.location.line == line && error.location.column == column && error.message.contains(message)
                && (hint.isEmpty || error.hint.contains(hint))
        }, "\(errors)", sourceLocation: sourceLocation)
    }

    @Test("a door on a relay and blinds on motors: their keys, the interlock's wait, and outputs without follows:")
    func accepted() throws {
        let configuration = try ConfigFixture.parse(Self.config(
            "door: { relay: relay, closed: a, open: b, travel: 15s, device_class: garage, name: \"Garage door\" }",
            "blinds: { up: up, down: down, travel: 20s, device_class: blind }"))
        #expect(configuration.covers.count == 2)
        let door = try #require(configuration.covers.first)
        #expect(door.drive == .relay("relay"))
        #expect(door.closed == "a")
        #expect(door.open == "b")
        #expect(door.travel == .seconds(15))
        #expect(door.deviceClass == "garage")
        #expect(door.displayName == "Garage door")
        #expect(door.location == ConfigFixture.location(13, 3))
        let blinds = configuration.covers[1]
        #expect(blinds.drive == .motors(up: "up", down: "down", wait: .milliseconds(500)))
        #expect(blinds.closed == nil)
        #expect(blinds.hasPosition)
        #expect(configuration.outputs.allSatisfy { $0.follows == nil })
        let summary = ConfigSummary.lines(of: configuration)
        #expect(summary.first == "test.yaml: valid; 1 chip, 2 inputs, 0 signals, 3 outputs, 2 covers")
        #expect(summary.contains { $0.contains("door") && $0.contains("relay relay, closed a, open b, travel 15s, device_class garage") })
        #expect(summary.contains { $0.hasPrefix("  relay") && $0.contains("driven by cover door") })
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var cover: String
        /// Where the error points: the first occurrence of this text on the cover's line
        /// (nil: the cover's name).
        var at: String?
        var message: String
        var hint: String
        var testDescription: String { message }
    }

    static let refusals: [Refusal] = [
        Refusal(cover: "door: { relay: relay, open: b, travel: 15s }", at: nil,
                message: "cover 'door' needs closed: with relay:", hint: "closed: door_closed"),
        Refusal(cover: "door: { relay: relay, up: up, closed: a, travel: 15s }", at: "up:",
                message: "cover 'door' has relay: and up:; a cover moves with one relay or with two motors", hint: "keep relay:"),
        Refusal(cover: "door: { closed: a, travel: 15s }", at: nil,
                message: "cover 'door' needs relay: or up: and down:", hint: "two motors"),
        Refusal(cover: "blinds: { up: up, travel: 15s }", at: nil,
                message: "cover 'blinds' has up: but no down:", hint: "needs both"),
        Refusal(cover: "door: { relay: relay, closed: a }", at: nil,
                message: "cover 'door' needs travel:", hint: "travel: 15s"),
        Refusal(cover: "door: { relay: relay, closed: a, travel: 2h }", at: "2h",
                message: "travel: 2h in cover 'door' is longer than an hour", hint: "from 100ms to 1h"),
        Refusal(cover: "door: { relay: relay, closed: a, travel: fast }", at: "fast",
                message: "travel: of cover 'door'", hint: ""),
        Refusal(cover: "door: { relay: rely, closed: a, travel: 15s }", at: "rely",
                message: "unknown output 'rely' in relay: of cover 'door'", hint: "did you mean 'relay'?"),
        Refusal(cover: "door: { relay: a, closed: a, travel: 15s }", at: "a,",
                message: "'a' in relay: of cover 'door' is an input, not an output", hint: "outputs:"),
        Refusal(cover: "door: { relay: up, closed: a, travel: 15s }", at: "up",
                message: "output 'up' (relay: of cover 'door') needs pulse:", hint: "pulse: 500ms"),
        Refusal(cover: "door: { relay: relay, closed: c, travel: 15s }", at: "c,",
                message: "unknown name 'c' in closed: of cover 'door'", hint: "did you mean"),
        Refusal(cover: "door: { relay: relay, closed: down, travel: 15s }", at: "down",
                message: "'down' in closed: of cover 'door' is an output", hint: "on while the cover is closed"),
        Refusal(cover: "door: { relay: relay, closed: a, travel: 15s, device_class: garag }", at: "garag",
                message: "device_class 'garag' of cover 'door' is not one Home Assistant accepts for a cover",
                hint: "did you mean 'garage'?"),
        Refusal(cover: "door: { relay: relay, closed: a, travel: 15s, name: \"\" }", at: "\"\"",
                message: "name: in cover 'door' is empty", hint: "or leave name: out"),
        Refusal(cover: "door: { relay: relay, closed: a, travel: 15s, speed: 2 }", at: "speed",
                message: "unknown key 'speed' in cover 'door'", hint: "valid keys"),
        Refusal(cover: "a: { relay: relay, closed: b, travel: 15s }", at: nil,
                message: "'a' is already the name of an input", hint: "covers share one set of names"),
        Refusal(cover: "blinds: { up: up, down: relay, travel: 15s }", at: "relay",
                message: "output 'relay' (down: of cover 'blinds') has pulse:; a motor is held on while it moves",
                hint: "remove pulse:"),
    ]

    @Test("refused at FILE:LINE:COL with a fix", arguments: refusals)
    func refused(_ refusal: Refusal) throws {
        let line = "  " + refusal.cover
        let column = try refusal.at.map { needle in
            let range = try #require(line.range(of: needle))
            return line.distance(from: line.startIndex, to: range.lowerBound) + 1
        } ?? 3
        Self.expectError(Self.config(refusal.cover), at: 13, column, refusal.message, hint: refusal.hint)
    }

    @Test("motors in no interlock are refused, with the lines to add")
    func motorsWithoutInterlock() {
        let text = ConfigFixture.chipsAndInputs + """
            outputs:
              up: { chip: main, line: 9 }
              down: { chip: main, line: 10 }
            covers:
              blinds: { up: up, down: down, travel: 20s }
            """
        Self.expectError(text, at: 10, 3, "the motors of cover 'blinds', 'up' and 'down', are in no interlock",
                                    hint: "interlocks:\n    blinds_motor: { outputs: [up, down], wait: 500ms }")
    }

    @Test("an output two covers drive, and an output a cover drives that follows something or takes commands, are refused")
    func outputsOfTheirOwn() {
        let twice = Self.config("door: { relay: relay, closed: a, travel: 15s }",
                                "gate: { relay: relay, closed: b, travel: 15s }")
        Self.expectError(twice, at: 14, 18, "output 'relay' is already driven by cover 'door'",
                                    hint: "outputs of its own")
        let follows = ConfigFixture.chipsAndInputs + """
            outputs:
              relay: { chip: main, line: 8, pulse: 500ms, follows: a }
            covers:
              door: { relay: relay, closed: b, travel: 15s }
            """
        Self.expectError(follows, at: 7, 56, "output 'relay' is driven by cover 'door': it cannot also follow 'a'",
                                    hint: "remove follows:")
        let safe = ConfigFixture.chipsAndInputs + """
            outputs:
              relay: { chip: main, line: 8, pulse: 500ms, safe: on }
            covers:
              door: { relay: relay, closed: b, travel: 15s }
            """
        Self.expectError(safe, at: 7, 3, "output 'relay' is driven by cover 'door' and has safe: on",
                                    hint: "remove safe:")
        let command = ConfigFixture.chipsAndInputs + """
            outputs:
              relay: { chip: main, line: 8, pulse: 500ms, command: true }
            covers:
              door: { relay: relay, closed: b, travel: 15s }
            """
        Self.expectError(command, at: 7, 3, "output 'relay' is driven by cover 'door': it cannot also have command: true",
                                    hint: "gpioagg set door open|close|stop")
    }

    @Test("an output with no follows: that no cover drives still needs follows:")
    func outputNeedsFollows() {
        let text = ConfigFixture.chipsAndInputs + """
            outputs:
              lamp: { chip: main, line: 8 }
            """
        Self.expectError(text, at: 7, 3, "output 'lamp' needs follows:", hint: "drive it from a cover")
    }

    @Test("a cover cannot be followed or read by a signal")
    func coverIsNotALevel() {
        let text = Self.config("door: { relay: relay, closed: a, travel: 15s }")
            + "signals:\n  door_moving: { not: door }\n"
        Self.expectError(text, at: 15, 23, "'door' in signal 'door_moving' is a cover",
                                    hint: "closed:")
    }
}

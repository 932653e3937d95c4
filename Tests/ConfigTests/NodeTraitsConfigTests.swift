import Config
import Testing
import Values

@Suite("Config: every node's traits, in one table")
struct NodeTraitsConfigTests {
    /// One node of each kind and form.
    static let everyKind = """
        chips:
          main: { label: pinctrl-bcm2711 }
          pwm: { pwm: pwmchip0 }
        inputs:
          door: { chip: main, line: 1, device_class: door, name: "Front door" }
          closed: { chip: main, line: 2 }
          override: { command: true }
          bell: { command: press }
          setpoint: { command: true, type: number, unit: "°C", min: 5, max: 30, step: 0.5, mode: slider, precision: 1 }
          remote_door: { topic: shed/door }
          outside: { topic: weather/outside, type: number, unit: "°C" }
          cpu: { thermal: cpu-thermal }
        signals:
          both: { all: [door, override] }
          double: { click: door, count: 2 }
          water: { count: door, unit: L, reset: true }
          plain: { count: door }
          warm: { max: [outside, setpoint] }
          evening: { between: ["18:00", "23:00"] }
          bedtime: { at: "22:00" }
        outputs:
          lamp: { chip: main, line: 5, follows: both }
          heater: { chip: main, line: 6, command: true }
          relay: { chip: main, line: 8, pulse: 500ms }
          up: { chip: main, line: 9 }
          down: { chip: main, line: 10 }
          fan: { chip: pwm, channel: 0, frequency: 25kHz, follows: both }
          strip: { chip: pwm, channel: 1, frequency: 1kHz, command: true, entity: fan }
        interlocks:
          motors: { outputs: [up, down], wait: 500ms }
        covers:
          garage: { relay: relay, closed: closed, travel: 15s }
          blinds: { up: up, down: down, travel: 20s }
        mqtt: { broker: mqtt://broker:1883, node: test }

        """

    /// The traits without what each declaration adds of its own (its type, operands and
    /// line), as a hand-built `NodeTraits` has them.
    static func bare(_ traits: NodeTraits?) -> NodeTraits? {
        guard var traits else { return nil }
        traits.typeName = traits.id.kind.rawValue
        traits.operands = []
        traits.declared = nil
        return traits
    }

    @Test("each node's type, its operands and the line it is declared at, as the page draws the graph")
    func typesOperandsAndLines() throws {
        let traits = try ConfigFixture.parse(Self.everyKind).traits
        let lines = Self.everyKind.split(separator: "\n", omittingEmptySubsequences: false)
        /// The 1-based line that declares `name`, found in the text itself.
        func line(of name: String) -> Int? {
            lines.firstIndex { $0.hasPrefix("  \(name): ") }.map { $0 + 1 }
        }
        for node in traits.all {
            #expect(node.declared == line(of: node.name).map { SourceLine(file: "test.yaml", line: $0) }, "\(node.name)")
        }
        let expected: [String: (type: String, operands: [String])] = [
            "door": ("line input", []), "override": ("command input", []), "bell": ("command input", []),
            "remote_door": ("remote input", []), "cpu": ("sensor input", []),
            "both": ("all", ["door", "override"]), "double": ("click", ["door"]), "water": ("count", ["door"]),
            "warm": ("max", ["outside", "setpoint"]), "evening": ("between", []), "bedtime": ("at", []),
            "lamp": ("line output", ["both"]), "heater": ("line output", []), "fan": ("pwm output", ["both"]),
            "strip": ("pwm output", []), "garage": ("garage door", ["relay", "closed"]),
            "blinds": ("blinds", ["up", "down"]),
        ]
        for (name, (type, operands)) in expected {
            #expect(traits[name]?.typeName == type, "\(name)")
            #expect(traits[name]?.operands == operands, "\(name)")
        }
    }

    @Test("a config with one node of each kind: each node's form, setting and what is shown of it")
    func everyKind() throws {
        let traits = try ConfigFixture.parse(Self.everyKind).traits
        #expect(Self.bare(traits["door"]) == NodeTraits(.input("door"), form: .level, displayName: "Front door", deviceClass: "door"))
        #expect(Self.bare(traits["override"]) == NodeTraits(.input("override"), form: .level, setting: .command))
        #expect(Self.bare(traits["bell"]) == NodeTraits(.input("bell"), form: .momentary(presses: 1), setting: .press))
        #expect(Self.bare(traits["setpoint"]) == NodeTraits(.input("setpoint"), form: .number(NumberForm(
            unit: "°C", precision: 1, minimum: 5, maximum: 30, step: 0.5, mode: .slider)), setting: .number))
        #expect(Self.bare(traits["remote_door"]) == NodeTraits(.input("remote_door"), form: .level, topic: "shed/door"))
        #expect(traits["outside"]?.form == .number(NumberForm(unit: "°C")))
        #expect(traits["outside"]?.topic == "weather/outside")
        #expect(traits["cpu"]?.form.number?.unit == "°C")
        #expect(traits["cpu"]?.setting == NodeSetting.none)
        #expect(Self.bare(traits["both"]) == NodeTraits(.signal("both"), form: .level))
        #expect(Self.bare(traits["double"]) == NodeTraits(.signal("double"), form: .momentary(presses: 2)))
        #expect(traits["water"]?.form.number?.unit == "L")
        #expect(traits["water"]?.setting == .total(reset: true))
        #expect(traits["plain"]?.setting == .total(reset: false))
        #expect(traits["warm"]?.form.number?.unit == "°C")
        #expect(traits["warm"]?.setting == NodeSetting.none)
        #expect(Self.bare(traits["evening"]) == NodeTraits(.signal("evening"), form: .level))
        #expect(Self.bare(traits["bedtime"]) == NodeTraits(.signal("bedtime"), form: .momentary(presses: 1)), "an at: is a press")
        #expect(Self.bare(traits["lamp"]) == NodeTraits(.output("lamp"), form: .level))
        #expect(Self.bare(traits["heater"]) == NodeTraits(.output("heater"), form: .level, setting: .command))
        #expect(Self.bare(traits["fan"]) == NodeTraits(.output("fan"), form: .duty))
        #expect(Self.bare(traits["strip"]) == NodeTraits(.output("strip"), form: .duty, setting: .duty(.fan)))
        #expect(Self.bare(traits["garage"]) == NodeTraits(.cover("garage"), form: .cover(positioned: false), setting: .cover))
        #expect(Self.bare(traits["blinds"]) == NodeTraits(.cover("blinds"), form: .cover(positioned: true), setting: .cover))
    }

    @Test("internal: true on every kind of node marks its traits; without it none is internal; a non-level is refused")
    func internalEveryKind() throws {
        #expect(try ConfigFixture.parse(Self.everyKind).traits.all.allSatisfy { !$0.isInternal })
        var sections = ["inputs", "signals", "outputs", "covers"]
        var section = ""
        let marked = Self.everyKind.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if !line.hasPrefix(" "), let key = line.split(separator: ":").first { section = String(key) }
            guard sections.contains(section), line.hasPrefix("  "), line.hasSuffix(" }") else { return String(line) }
            return line.dropLast(2) + ", internal: true }"
        }.joined(separator: "\n")
        let traits = try ConfigFixture.parse(marked).traits
        #expect(traits.all.count == 24)
        #expect(traits.all.filter { !$0.isInternal }.map(\.name) == [], "\(marked)")
        sections = []
        let errors = ConfigFixture.errors(Self.everyKind.replacingOccurrences(
            of: "override: { command: true }", with: "override: { command: true, internal: maybe }"))
        #expect(errors.map(\.message).contains { $0.contains("internal:") && $0.contains("maybe") }, "\(errors)")
    }

    @Test("every node once, in declaration order by kind; the settable ones as the set entry lists them")
    func order() throws {
        let configuration = try ConfigFixture.parse(Self.everyKind)
        let traits = configuration.traits
        #expect(traits.all.map(\.name) == configuration.allNames)
        #expect(traits.settableNames == ["override", "bell", "setpoint", "water", "plain", "heater", "strip", "garage", "blinds"])
    }

    @Test("by NodeID, a name of another kind is none; an unknown name is none")
    func lookups() throws {
        let traits = try ConfigFixture.parse(Self.everyKind).traits
        #expect(traits[.cover("blinds")]?.form == .cover(positioned: true))
        #expect(traits[.output("blinds")] == nil)
        #expect(traits["blind"] == nil)
        #expect(traits[.input("door")]?.deviceClass == "door")
    }
}

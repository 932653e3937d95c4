import Config
import HomeAssistantClasses
import Testing
import Values

@Suite("Config: numeric command and remote inputs")
struct NumberInputConfigTests {
    static let mqtt = "mqtt: { broker: mqtt://h }\n"

    @Test("a numeric command input reads every key into its model, and a file without lines needs no chips")
    func commandInput() throws {
        let configuration = try ConfigFixture.parse("""
            inputs:
              setpoint: { command: true, type: number, initial: 21, min: 5, max: 30, step: 0.5, unit: "°C", persist: true, mode: slider, precision: 1, device_class: temperature, state_class: total }

            """)
        #expect(configuration.chips.isEmpty)
        let input = try #require(configuration.commandInputs.first)
        #expect(input.persist)
        #expect(input.deviceClass == "temperature")
        #expect(input.number == NumberCommandDeclaration(
            initial: 21, minimum: 5, maximum: 30, step: 0.5, mode: .slider,
            number: NumberDeclaration(unit: "°C", precision: 1, stateClass: .total)))
    }

    @Test("a numeric command input's defaults: initial 0 brought within min and max, no unit, 2 places, measurement")
    func commandDefaults() throws {
        let configuration = try ConfigFixture.parse("""
            inputs:
              plain: { command: true, type: number }
              warm: { command: true, type: number, min: 5 }
              cold: { command: true, type: number, min: -30, max: -10 }
              level: { command: true, type: level, initial: on }

            """)
        #expect(configuration.commandInputs.map(\.number) == [
            NumberCommandDeclaration(), NumberCommandDeclaration(initial: 5, minimum: 5),
            NumberCommandDeclaration(initial: -10, minimum: -30, maximum: -10), nil,
        ])
        #expect(configuration.commandInputs[0].number?.number == NumberDeclaration(
            unit: .none, precision: 2, filters: [], stateClass: .measurement))
        #expect(configuration.commandInputs[3].initial)
    }

    @Test("type: level is what a command or remote input was before: the same declaration")
    func levelIsTheDefault() throws {
        let written = try ConfigFixture.parse(Self.mqtt + """
            inputs:
              a: { command: true, type: level, initial: on }
              r: { topic: x/y, type: level, fallback: on }

            """)
        let plain = try ConfigFixture.parse(Self.mqtt + """
            inputs:
              a: { command: true, initial: on }
              r: { topic: x/y, fallback: on }

            """)
        #expect(written.commandInputs == plain.commandInputs)
        #expect(written.remoteInputs == plain.remoteInputs)
        #expect(written.commandInputs.first?.number == nil && written.remoteInputs.first?.number == nil)
    }

    @Test("a numeric remote input: a number or unavailable as its fallback (the default), its unit and filters")
    func remoteInput() throws {
        let configuration = try ConfigFixture.parse(Self.mqtt + """
            inputs:
              outside: { topic: weather/outside, type: number, unit: "°C", fallback: 3.5, device_class: temperature }
              gone: { topic: weather/gone, type: number, fallback: unavailable, filters: [{ timeout: 5m }] }
              quiet: { topic: weather/quiet, type: number, hold: 0 }

            """)
        #expect(configuration.remoteInputs.map(\.number) == [
            NumberRemoteDeclaration(fallback: 3.5, number: NumberDeclaration(unit: "°C")),
            NumberRemoteDeclaration(fallback: nil, number: NumberDeclaration(filters: [.timeout(.seconds(300))])),
            NumberRemoteDeclaration(fallback: nil),
        ])
        #expect(configuration.remoteInputs.first?.deviceClass == "temperature")
        #expect(configuration.remoteInputs.last?.hold == .zero)
    }

    @Test("a line input may say type: level, what it is")
    func lineLevel() throws {
        let written = try ConfigFixture.parse(ConfigFixture.chips + "inputs:\n  a: { chip: main, line: 1, type: level }\n")
        let plain = try ConfigFixture.parse(ConfigFixture.chips + "inputs:\n  a: { chip: main, line: 1 }\n")
        #expect(written.inputs == plain.inputs)
    }

    static let refused: [(String, Int, Int, String, String)] = [
        // A level's key on a number, and a number's key on a level.
        ("inputs:\n  t: { command: true, type: number, initial: on }\n", 2, 46,
         "initial: on in input 't' is a level, and initial: here takes a number", "write initial: with a number, e.g. initial: 21"),
        ("inputs:\n  t: { command: true, min: 5 }\n", 2, 23,
         "min: applies to a number, and input 't' is a level", "add type: number to make 't' a number, or remove min:"),
        ("inputs:\n  t: { command: true, state_class: total }\n", 2, 23,
         "state_class: applies to a number, and input 't' is a level", "add type: number"),
        (mqtt + "inputs:\n  t: { topic: a/b, type: number, payload_on: HOT }\n", 3, 34,
         "payload_on: applies to a level, and input 't' is a number (type: number)", "a number's payload is a decimal number"),
        (mqtt + "inputs:\n  t: { topic: a/b, type: number, fallback: off }\n", 3, 44,
         "fallback: off in input 't' is a level, and fallback: here takes a number", "e.g. fallback: 21"),
        (mqtt + "inputs:\n  t: { topic: a/b, unit: °C }\n", 3, 20,
         "unit: applies to a number, and input 't' is a level", "add type: number"),
        ("chips:\n  main: { label: x }\ninputs:\n  t: { chip: main, line: 4, type: number }\n", 4, 35,
         "type: number does not apply to a line input (input 't')", "numbers come from command inputs"),
        ("inputs:\n  t: { command: true, type: numbr }\n", 2, 29,
         "unknown value 'numbr' for type: in input 't'", "did you mean 'number'?"),
        // The range.
        ("inputs:\n  t: { command: true, type: number, initial: 40, min: 5, max: 30 }\n", 2, 46,
         "initial: 40 in input 't' is more than max: 30", "a number input is set from min: to max:"),
        ("inputs:\n  t: { command: true, type: number, initial: 1, min: 5 }\n", 2, 46,
         "initial: 1 in input 't' is less than min: 5", "a number input is set from min: to max:"),
        ("inputs:\n  t: { command: true, type: number, min: 5, max: 3 }\n", 2, 50,
         "max: 3 in input 't' is less than min: 5", "a number input is set from min: to max:"),
        ("inputs:\n  t: { command: true, type: number, step: 0 }\n", 2, 43,
         "step: 0 in input 't' is not more than 0", "e.g. step: 0.5"),
        ("inputs:\n  t: { command: true, type: number, mode: knob }\n", 2, 43,
         "unknown value 'knob' for mode: in input 't'", "mode: is one of box, slider"),
        // DecimalText's grammar: no nan, inf or hexadecimal.
        ("inputs:\n  t: { command: true, type: number, initial: nan }\n", 2, 46,
         "initial: in input 't' must be a decimal number, found 'nan'", "no inf, nan or hexadecimal"),
        ("inputs:\n  t: { command: true, type: number, min: -inf }\n", 2, 42,
         "min: in input 't' must be a decimal number, found '-inf'", "no inf, nan or hexadecimal"),
        ("inputs:\n  t: { command: true, type: number, max: 0x10 }\n", 2, 42,
         "max: in input 't' must be a decimal number, found '0x10'", "no inf, nan or hexadecimal"),
        // precision and state_class.
        ("inputs:\n  t: { command: true, type: number, precision: 10 }\n", 2, 48,
         "precision: 10 in input 't' is outside 0 to 9", "the decimal places shown"),
        ("inputs:\n  t: { command: true, type: number, precision: -1 }\n", 2, 48,
         "precision: -1 in input 't' is outside 0 to 9", "(default 2)"),
        ("inputs:\n  t: { command: true, type: number, precision: 1.5 }\n", 2, 48,
         "precision: in input 't' must be a whole number, found '1.5'", ""),
        ("inputs:\n  t: { command: true, type: number, state_class: totl }\n", 2, 50,
         "unknown value 'totl' for state_class: in input 't'", "did you mean 'total'?"),
        // Home Assistant's platforms: a binary sensor's class on a number, a sensor's on a level.
        ("inputs:\n  t: { command: true, type: number, device_class: door }\n", 2, 51,
         "device_class 'door' of input 't' is not one Home Assistant accepts for a number: it is a binary_sensor's class",
         "a number's classes: apparent_power"),
        (mqtt + "inputs:\n  t: { topic: a/b, type: number, device_class: window }\n", 3, 48,
         "device_class 'window' of input 't' is not one Home Assistant accepts for a sensor: it is a binary_sensor's class",
         "a sensor's classes: apparent_power"),
        (mqtt + "inputs:\n  t: { topic: a/b, device_class: temperature }\n", 3, 34,
         "device_class 'temperature' of input 't' is not one Home Assistant accepts for a binary_sensor: it is a sensor's class",
         "a binary_sensor's classes: battery"),
        ("inputs:\n  t: { command: true, type: number, device_class: temperatur }\n", 2, 51,
         "device_class 'temperatur' of input 't' is not one Home Assistant accepts for a number", "did you mean 'temperature'?"),
        // A file with a line still needs chips.
        ("inputs:\n  t: { chip: main, line: 4 }\n", 1, 1, "missing chips:", "declare the GPIO chips"),
    ]

    @Test("mistakes are refused at their place, with the fix", arguments: 0..<refused.count)
    func refusal(_ index: Int) {
        let (text, line, column, message, hint) = Self.refused[index]
        ConfigFixture.expectRefused(text, at: line, column, message, hint: hint)
    }
}

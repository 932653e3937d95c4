import Config
import GPIO
import Testing

@Suite("Defaults and optional settings")
struct DefaultsTests {
    @Test("an input or output with only the required keys gets every default")
    func minimal() throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chips + """
            inputs:
              button: { chip: main, line: GPIO4 }
            outputs:
              lamp: { chip: main, line: 6, follows: button }

            """)
        let input = try #require(configuration.inputs.first)
        #expect(input.activeLow == false)
        #expect(input.bias == .asIs)
        #expect(input.debounce == .none)
        let output = try #require(configuration.outputs.first)
        #expect(output.initial == false)
        #expect(output.safe == false)
        #expect(output.activeLow == false)
        #expect(output.drive == .pushPull)
        #expect(configuration.signals.isEmpty)
    }

    @Test("signals: and outputs: may be left out or left empty", arguments: [
        "", "signals:\noutputs:\n", "signals: {}\noutputs: {}\n",
    ])
    func optionalSections(rest: String) throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chipsAndInputs + rest)
        #expect(configuration.signals.isEmpty)
        #expect(configuration.outputs.isEmpty)
        #expect(configuration.inputs.count == 2)
    }

    @Test("every setting can be given", arguments: [
        ("initial: on, safe: true", true, true),
        ("initial: true, safe: off", true, false),
        ("initial: false, safe: on", false, true),
    ])
    func outputSettings(settings: String, initial: Bool, safe: Bool) throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chipsAndInputs + """
            outputs:
              lamp: { chip: main, line: 6, follows: a, \(settings), active: low, drive: open-drain }

            """)
        let output = try #require(configuration.outputs.first)
        #expect(output.initial == initial)
        #expect(output.safe == safe)
        #expect(output.activeLow)
        #expect(output.drive == .openDrain)
    }

    @Test("chips by label, path or name", arguments: [
        ("label: pinctrl-rp1", ChipLocator.label("pinctrl-rp1")),
        ("path: /dev/gpiochip4", .path("/dev/gpiochip4")),
        ("name: gpiochip0", .name("gpiochip0")),
    ])
    func chipLocators(yaml: String, expected: ChipLocator) throws {
        let configuration = try ConfigFixture.parse("""
            chips:
              board: { \(yaml) }
            inputs:
              a: { chip: board, line: 1 }

            """)
        #expect(configuration.chips.map(\.locator) == [expected])
    }

    @Test("debounce: a duration is stable mode; a mapping picks the mode; 0 is none", arguments: [
        ("10ms", Debounce(.stable, period: .milliseconds(10))),
        ("500us", Debounce(.stable, period: .microseconds(500))),
        ("1.5ms", Debounce(.stable, period: .microseconds(1500))),
        ("1s", Debounce(.stable, period: .seconds(1))),
        ("10s", Debounce(.stable, period: .seconds(10))),
        ("1us", Debounce(.stable, period: .microseconds(1))),
        ("2000ns", Debounce(.stable, period: .microseconds(2))),
        ("0", Debounce.none),
        ("0ms", Debounce.none),
        ("{ mode: lockout, period: 20ms }", Debounce(.lockout, period: .milliseconds(20))),
        ("{ mode: settle, period: 5ms }", Debounce(.settle, period: .milliseconds(5))),
        ("{ period: 5ms }", Debounce(.stable, period: .milliseconds(5))),
    ])
    func debounce(yaml: String, expected: Debounce) throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chips + """
            inputs:
              a: { chip: main, line: 1, active: low, bias: pull-down, debounce: \(yaml) }

            """)
        let input = try #require(configuration.inputs.first)
        #expect(input.debounce == expected)
        #expect(input.activeLow)
        #expect(input.bias == .pullDown)
    }

    @Test("lines by name or offset", arguments: [
        ("GPIO17", LineLocator.name("GPIO17")), ("17", .offset(17)), ("0", .offset(0)),
        ("'17'", .offset(17)), ("ID_SDA", .name("ID_SDA")), ("4294967295", .offset(4_294_967_295)),
    ])
    func lines(yaml: String, expected: LineLocator) throws {
        let configuration = try ConfigFixture.parse(ConfigFixture.chips + """
            inputs:
              a: { chip: main, line: \(yaml) }

            """)
        #expect(configuration.inputs.first?.line == expected)
    }

    @Test("comments, blank lines, CRLF line ends and a document marker are fine")
    func layout() throws {
        let text = "%YAML 1.1\n---\n# gpioagg\r\nchips:   # the chips\r\n  main: { label: \"R&D board\" } # a & b\r\n\r\n"
            + "inputs:\r\n  a: { chip: main, line: 1 }   # *not* an alias\r\n...\r\n"
        let configuration = try ConfigFixture.parse(text)
        #expect(configuration.chips.first?.locator == .label("R&D board"))
        #expect(configuration.inputs.first?.location == ConfigFixture.location(8, 3))
    }
}

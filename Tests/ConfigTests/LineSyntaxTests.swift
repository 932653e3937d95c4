import Config
import GPIO
import Testing

@Suite("line: offsets, names and header pins")
struct LineSyntaxTests {
    /// `chips` (lines 1-2), then `inputs:` (line 3) with `a` on `line` (line 4).
    static func input(_ line: String) -> String {
        ConfigFixture.chips + "inputs:\n  a: { chip: main, line: \(line) }\n"
    }

    static func summary(_ errors: [ConfigError]) -> [String] {
        errors.map { "\($0.location.line):\($0.location.column) \($0.message) | \($0.hint)" }
    }

    @Test("an offset with a leading zero is refused where it is written (YAML 1.1 reads it as octal)")
    func leadingZero() {
        #expect(Self.summary(ConfigFixture.errors(Self.input("017"))) == [
            "4:26 line offset 017 in input 'a' has a leading zero | YAML 1.1 reads 017 as an octal number; write 17 for offset 17, or the line's name, e.g. GPIO17",
        ])
        #expect(ConfigFixture.errors(Self.input("\"017\"")).map(\.message) == ["line offset 017 in input 'a' has a leading zero"])
        #expect(Self.summary(ConfigFixture.errors(Self.input("00"))) == [
            "4:26 line offset 00 in input 'a' has a leading zero | YAML 1.1 reads 00 as an octal number; write 0 for offset 0, or the line's name, e.g. GPIO17",
        ])
    }

    @Test("offset 0 and offsets without a leading zero are fine")
    func plainOffsets() throws {
        #expect(try ConfigFixture.parse(Self.input("0")).inputs[0].line == .offset(0))
        #expect(try ConfigFixture.parse(Self.input("17")).inputs[0].line == .offset(17))
        #expect(try ConfigFixture.parse(Self.input("GPIO017")).inputs[0].line == .name("GPIO017"))
    }

    @Test("an input's line: location is kept")
    func lineLocation() throws {
        let configuration = try ConfigFixture.parse(Self.input("GPIO17"))
        #expect(configuration.inputs[0].location == ConfigFixture.location(4, 3))
        #expect(configuration.inputs[0].lineLocation == ConfigFixture.location(4, 26))
    }

    @Test("PIN11 is header pin 11")
    func headerPin() throws {
        #expect(try ConfigFixture.parse(Self.input("PIN11")).inputs[0].line == .headerPin(11))
        #expect(try ConfigFixture.parse(Self.input("PIN27")).inputs[0].line == .headerPin(27))
        // Lower case is a name, as the kernel's names are case-sensitive.
        #expect(try ConfigFixture.parse(Self.input("pin11")).inputs[0].line == .name("pin11"))
    }

    @Test("power, ground and pins off the header are refused on every board", arguments: [
        ("PIN1", "4:26 PIN1 is not a GPIO: pin 1 of the 40-pin header is 3.3 V power, in input 'a' | the GPIO pins next to it are PIN3 (GPIO2)"),
        ("PIN39", "4:26 PIN39 is not a GPIO: pin 39 of the 40-pin header is ground, in input 'a' | the GPIO pins next to it are PIN37 (GPIO26), PIN38 (GPIO20), PIN40 (GPIO21)"),
        ("PIN0", "4:26 PIN0 in input 'a' is not on the 40-pin header: its pins are PIN1 to PIN40 | write the physical pin's number, e.g. PIN11 for GPIO17"),
        ("PIN41", "4:26 PIN41 in input 'a' is not on the 40-pin header: its pins are PIN1 to PIN40 | write the physical pin's number, e.g. PIN11 for GPIO17"),
        ("PIN99999999999999999999", "4:26 PIN99999999999999999999 in input 'a' is not on the 40-pin header: its pins are PIN1 to PIN40 | write the physical pin's number, e.g. PIN11 for GPIO17"),
        ("PIN011", "4:26 header pin PIN011 in input 'a' has a leading zero | write PIN11"),
    ])
    func refusedPins(line: String, error: String) {
        #expect(Self.summary(ConfigFixture.errors(Self.input(line))) == [error])
    }

    @Test("a header pin and its GPIO's offset on a Pi header controller are the same line")
    func headerPinClaims() {
        let errors = ConfigFixture.errors(ConfigFixture.chips + """
            inputs:
              a: { chip: main, line: PIN11 }
              b: { chip: main, line: 17 }

            """)
        #expect(Self.summary(errors) == [
            "5:26 line 17 of chip 'main' is already used by input 'a' (line 4, as PIN11) | a line can be requested once; pick another line",
        ])
        // On a chip named by number it could be any chip: left to the hardware or --board.
        #expect(ConfigFixture.errors("""
            chips: { main: { name: gpiochip0 } }
            inputs:
              a: { chip: main, line: PIN11 }
              b: { chip: main, line: 17 }
            """).isEmpty)
    }
}

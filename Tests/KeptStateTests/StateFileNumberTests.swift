@testable import KeptState
import Testing
import TestSupport
import Values

/// Kept numbers in the state file: format 3, written only when a number is kept.
@Suite("StateFile numbers")
struct StateFileNumberTests {
    static let path = "/var/lib/gpioagg/kept-state"
    static let setpoint = NodeID(validating: .input, "setpoint")!

    static func sealed(_ text: String) -> [UInt8] {
        Array((text + "crc32 " + StateFile.hex(CRC32.checksum(Array(text.utf8))) + "\n").utf8)
    }

    @Test("a kept number is written in format 3, in Swift's shortest form, and read back as the same Double")
    func writesFormatThree() throws {
        let values: [NodeID: KeptValue] = [Self.setpoint: .number(21.5), .signal("lamp"): true,
                                            NodeID(validating: .input, "gain")!: .number(0.1)]
        let text = String(decoding: StateFile.encode(values), as: UTF8.self)
        #expect(text.hasPrefix("gpioagg-state 3\nsignal lamp on\ninput gain 0.1\ninput setpoint 21.5\ncrc32 "), "\(text)")
        #expect(try StateFile.decode(Array(text.utf8), path: Self.path) == values)
    }

    @Test("without a number the file stays in the format gpioagg read before numbers")
    func levelsStayOlder() {
        let levels = String(decoding: StateFile.encode([.signal("lamp"): true]), as: UTF8.self)
        #expect(levels.hasPrefix("gpioagg-state 1\n"))
        let since = BootInstant(bootID: "6f0e1a52-5c2b-4c55-9d0c-5a1e0d4f7b3e", nanoseconds: 5)
        let timed = String(decoding: StateFile.encode([.output("pump"): KeptValue(true, onSince: since)]), as: UTF8.self)
        #expect(timed.hasPrefix("gpioagg-state 2\n"))
    }

    @Test("any finite Double, as the state file writes it, reads back as itself through DecimalText")
    func shortestFormRoundTrips() throws {
        var random = SplitMix64(state: 2026)
        var numbers: [Double] = [0, -0.0, 21.5, 0.1, 1e-7, 1e16, 123456789.123, .leastNonzeroMagnitude,
                                 .greatestFiniteMagnitude, -.leastNormalMagnitude, 1 / 3]
        while numbers.count < 20_000 {
            let number = Double(bitPattern: random.next())
            if number.isFinite { numbers.append(number) }
        }
        for number in numbers {
            let written = KeptValue.number(number).description
            #expect(DecimalText.parse(written)?.bitPattern == number.bitPattern, "\(number) written as \(written)")
        }
        let many = Dictionary(uniqueKeysWithValues: numbers.prefix(1000).enumerated().map {
            (NodeID(validating: .input, "n\($0.offset)")!, KeptValue.number($0.element))
        })
        let back = try StateFile.decode(StateFile.encode(many), path: Self.path)
        #expect(back.count == many.count)
        #expect(back.allSatisfy { $0.value.number?.bitPattern == many[$0.key]?.number?.bitPattern })
    }

    @Test("a damaged number line is refused by its line number, as other damaged lines are", arguments: [
        "input setpoint 21.5x\n",
        "input setpoint nan\n",
        "input setpoint inf\n",
        "input setpoint 0x10\n",
        "input setpoint 1e400\n",
        "input setpoint 21,5\n",
        "input setpoint \t21.5\n",
        "input setpoint 21.5 since 6f0e1a52-5c2b-4c55-9d0c-5a1e0d4f7b3e 5\n",
        "input setpoint\n",
        "input setpoint -\n",
    ])
    func damagedNumber(line: String) throws {
        do {
            let values = try StateFile.decode(Self.sealed("gpioagg-state 3\n" + line), path: Self.path)
            Issue.record("read as \(values)")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message.contains("line 2 is not 'signal|output|input NAME on|off|NUMBER'"), "\(error.message)")
        }
    }

    @Test("a number in a file of format 1 or 2 is a malformed line: those formats have none", arguments: [1, 2])
    func numberInOlderFormat(version: Int) throws {
        do {
            let values = try StateFile.decode(Self.sealed("gpioagg-state \(version)\ninput setpoint 21.5\n"), path: Self.path)
            Issue.record("read as \(values)")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message.contains("line 2 is not 'signal|output|input NAME on|off'"), "\(error.message)")
        }
    }

    @Test("a format 3 file takes levels and times too")
    func formatThreeTakesEverything() throws {
        let text = "gpioagg-state 3\nsignal lamp on\noutput pump on since 6f0e1a52-5c2b-4c55-9d0c-5a1e0d4f7b3e 5\n"
            + "input setpoint -2.5e-3\n"
        let values = try StateFile.decode(Self.sealed(text), path: Self.path)
        #expect(values[Self.setpoint] == .number(-0.0025))
        #expect(values[.signal("lamp")] == true)
        #expect(values[.output("pump")]?.onSince?.nanoseconds == 5)
    }
}

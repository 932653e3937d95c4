@testable import KeptState
import Testing
import Values

/// A cover's kept position in the state file: format 4, written only when one is kept.
@Suite("StateFile covers")
struct StateFileCoverTests {
    static let path = "/var/lib/gpioagg/kept-state"
    static let blinds = NodeID(validating: .cover, "blinds")!

    static func sealed(_ text: String) -> [UInt8] {
        Array((text + "crc32 " + StateFile.hex(CRC32.checksum(Array(text.utf8))) + "\n").utf8)
    }

    @Test("a kept cover position makes the file format 4, which reads back as written")
    func coverIsFormatFour() throws {
        let values: [NodeID: KeptValue] = [Self.blinds: .number(60), .signal("lamp"): true,
                                            NodeID(validating: .input, "setpoint")!: .number(21.5)]
        let text = String(decoding: StateFile.encode(values), as: UTF8.self)
        #expect(text.hasPrefix("gpioagg-state 4\n"), "\(text)")
        #expect(text.contains("\ncover blinds 60.0\n"), "\(text)")
        #expect(try StateFile.decode(Array(text.utf8), path: Self.path) == values)
    }

    @Test("without a cover the format is what it was: 3 with a number, 2 with a time, else 1")
    func withoutCoverUnchanged() {
        let number = String(decoding: StateFile.encode([NodeID(validating: .input, "setpoint")!: .number(21.5)]),
                            as: UTF8.self)
        #expect(number.hasPrefix("gpioagg-state 3\n"))
        let since = BootInstant(bootID: "6f0e1a52-5c2b-4c55-9d0c-5a1e0d4f7b3e", nanoseconds: 5)
        let timed = String(decoding: StateFile.encode([.output("pump"): KeptValue(true, onSince: since)]), as: UTF8.self)
        #expect(timed.hasPrefix("gpioagg-state 2\n"))
        #expect(String(decoding: StateFile.encode([.signal("lamp"): true]), as: UTF8.self).hasPrefix("gpioagg-state 1\n"))
    }

    @Test("a cover line in a file of format 1 to 3 is a malformed line: those formats have none", arguments: [1, 2, 3])
    func coverInOlderFormat(version: Int) throws {
        do {
            let values = try StateFile.decode(Self.sealed("gpioagg-state \(version)\ncover blinds 60.0\n"), path: Self.path)
            Issue.record("read as \(values)")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message.contains("line 2 is not 'signal|output|input NAME on|off"), "\(error.message)")
        }
    }

    @Test("format 1 to 7 files are read; format 8 is named as newer", arguments: [1, 2, 3, 4, 5, 6, 7])
    func readsOneToSix(version: Int) throws {
        let values = try StateFile.decode(Self.sealed("gpioagg-state \(version)\nsignal lamp on\n"), path: Self.path)
        #expect(values == [.signal("lamp"): true])
        #expect(throws: KeptStateError.self) {
            try StateFile.decode(Self.sealed("gpioagg-state 8\nsignal lamp on\n"), path: Self.path)
        }
    }

    @Test("a cover kept moving makes the file format 5: moving and where from, or only moving; read back as written")
    func movingIsFormatFive() throws {
        let shades = NodeID(validating: .cover, "shades")!
        let values: [NodeID: KeptValue] = [Self.blinds: .moving(from: 40), shades: .moving(from: nil),
                                            .signal("lamp"): true]
        let text = String(decoding: StateFile.encode(values), as: UTF8.self)
        #expect(text.hasPrefix("gpioagg-state 5\n"), "\(text)")
        #expect(text.contains("\ncover blinds moving 40.0\n"), "\(text)")
        #expect(text.contains("\ncover shades moving\n"), "\(text)")
        #expect(try StateFile.decode(Array(text.utf8), path: Self.path) == values)
        #expect(String(decoding: StateFile.encode([Self.blinds: .number(40)]), as: UTF8.self).hasPrefix("gpioagg-state 4\n"),
                "a position at rest stays format 4")
    }

    @Test("moving is refused where it does not belong: in format 4, on a signal, with a word that is not a number",
          arguments: ["gpioagg-state 4\ncover blinds moving 40.0\n", "gpioagg-state 5\nsignal lamp moving\n",
                      "gpioagg-state 5\ncover blinds moving fast\n", "gpioagg-state 5\ncover blinds on 40\n",
                      "gpioagg-state 5\nsignal lamp on since\n"])
    func movingRefused(text: String) throws {
        do {
            let values = try StateFile.decode(Self.sealed(text), path: Self.path)
            Issue.record("read as \(values)")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message.contains("line 2 is not"), "\(error.message)")
        }
    }
}

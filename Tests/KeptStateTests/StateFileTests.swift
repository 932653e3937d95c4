import Values
import Foundation
@testable import KeptState
import Testing

@Suite("StateFile format")
struct StateFileTests {
    static let path = "/var/lib/gpioagg/kept-state"
    static let values: [NodeID: KeptValue] = [.signal("night_mode"): false, .output("relay"): true, .signal("lamp"): true]
    static let text = "gpioagg-state 1\nsignal lamp on\nsignal night_mode off\noutput relay on\ncrc32 7547ccff\n"

    static func decode(_ bytes: [UInt8]) throws(KeptStateError) -> [NodeID: KeptValue] {
        try StateFile.decode(bytes, path: path)
    }

    static func error(decoding text: String) -> KeptStateError? {
        do {
            _ = try decode(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    /// `text` with a correct checksum line added.
    static func sealed(_ text: String) -> String {
        text + "crc32 " + StateFile.hex(CRC32.checksum(Array(text.utf8))) + "\n"
    }

    @Test("CRC-32 is zlib's")
    func crc() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test("values encode as documented: header, signals then outputs by name, checksum line")
    func encodes() {
        #expect(String(decoding: StateFile.encode(Self.values), as: UTF8.self) == Self.text)
        #expect(String(decoding: StateFile.encode([:]), as: UTF8.self) == "gpioagg-state 1\ncrc32 48f515ee\n")
    }

    @Test("what is encoded decodes to the same values", arguments: [
        [:],
        values,
        Dictionary(uniqueKeysWithValues: (0..<500).map { (NodeID.output("out_\($0)"), KeptValue($0 % 3 == 0)) }),
        [.signal(String(repeating: "x", count: 64)): true, .output("a"): false, .signal("_-9"): true],
    ])
    func roundTrip(_ values: [NodeID: KeptValue]) throws {
        #expect(try Self.decode(StateFile.encode(values)) == values)
    }

    @Test("a signal and an output of one name are two values")
    func kindsAreApart() throws {
        let values: [NodeID: KeptValue] = [.signal("x"): true, .output("x"): false]
        #expect(try Self.decode(StateFile.encode(values)) == values)
    }

    @Test("every truncation of a valid file is refused as cut short or damaged, naming the file")
    func everyTruncationIsRefused() {
        let bytes = Array(Self.text.utf8)
        for length in 0..<bytes.count {
            do {
                let decoded = try Self.decode(Array(bytes.prefix(length)))
                Issue.record("a file cut to \(length) of \(bytes.count) bytes decoded to \(decoded)")
            } catch {
                #expect(error.kind == .corrupt, "cut to \(length): \(error)")
                #expect(error.message.contains(Self.path))
            }
        }
    }

    @Test("every changed byte is refused")
    func everyChangedByteIsRefused() {
        let bytes = Array(Self.text.utf8)
        for index in bytes.indices {
            for flip: UInt8 in [0x01, 0x20, 0x80, 0xFF] {
                var damaged = bytes
                damaged[index] ^= flip
                #expect(throws: KeptStateError.self, "byte \(index) ^ \(flip)") { try Self.decode(damaged) }
            }
        }
    }

    @Test("a bad checksum says so, with both values")
    func badChecksum() throws {
        let text = Self.text.replacing("relay on", with: "relay no")
        let error = try #require(Self.error(decoding: text))
        #expect(error.kind == .corrupt)
        #expect(error.message.contains("checksum does not match"))
        #expect(error.hint.contains("start from their config's values"))
    }

    @Test("another kind of file is foreign; another version is named", arguments: [
        ("{\"lamp\": true}\n", KeptStateError.Kind.foreign, "not a gpioagg state file"),
        ("gpioagg-state one\ncrc32 00000000\n", .foreign, "not a gpioagg state file"),
        (sealed("gpioagg-state 8\nsignal lamp on\n"), .foreign, "state file of format 8; this gpioagg reads format 7"),
        ("", .corrupt, "the file is empty"),
        ("gpioagg-sta", .corrupt, "cut short"),
        (sealed("gpioagg-state 1\n") + "\n", .corrupt, "cut short"),
        ("gpioagg-state 1\ncrc32 48F515EE\n", .corrupt, "checksum line is damaged"),
        ("gpioagg-state 1\ncrc32 48f515e\n", .corrupt, "checksum line is damaged"),
    ])
    func refused(text: String, kind: KeptStateError.Kind, says: String) throws {
        let error = try #require(Self.error(decoding: text))
        #expect(error.kind == kind)
        #expect(error.message.contains(says), "\(error.message)")
        #expect(error.path == Self.path)
    }

    @Test("lines that are not 'kind name on|off' are refused by line number, even with a good checksum", arguments: [
        ("signal lamp yes\n", "line 2 is not"),
        ("signal lamp ON\n", "line 2 is not"),
        ("signal lamp true\n", "line 2 is not"),
        ("signal lamp 1\n", "line 2 is not"),
        ("signal lamp  on\n", "line 2 is not"),
        ("switch lamp on\n", "line 2 is not"),
        ("signal two words on\n", "line 2 is not"),
        ("signal 9lives on\n", "line 2 is not"),
        ("signal \(String(repeating: "x", count: 65)) on\n", "line 2 is not"),
        ("output relay on\noutput relay off\n", "line 3 gives output 'relay' a second time"),
        ("\n", "line 2 is not"),
    ])
    func badLines(lines: String, says: String) throws {
        let error = try #require(Self.error(decoding: Self.sealed("gpioagg-state 1\n" + lines)))
        #expect(error.kind == .corrupt)
        #expect(error.message.contains(says), "\(error.message)")
    }

    static let boot = "6f0e1a52-5c2b-4c55-9d0c-5a1e0d4f7b3e"

    @Test("an output on with the time it went on is written in format 2, and read back with it")
    func onSince() throws {
        let since = BootInstant(bootID: Self.boot, nanoseconds: 81_000_000_123)
        let values: [NodeID: KeptValue] = [.output("pump"): KeptValue(true, onSince: since), .signal("lamp"): true]
        let text = String(decoding: StateFile.encode(values), as: UTF8.self)
        #expect(text.hasPrefix("gpioagg-state 2\nsignal lamp on\noutput pump on since \(Self.boot) 81000000123\ncrc32 "))
        #expect(try StateFile.decode(Array(text.utf8), path: Self.path) == values)
        #expect(String(decoding: StateFile.encode([.output("pump"): true]), as: UTF8.self).hasPrefix("gpioagg-state 1\n"),
                "without a time, the format gpioagg read before")
    }

    @Test("a file of format 1, as gpioagg wrote it before the times, still loads: its outputs have no time")
    func formatOne() throws {
        #expect(try StateFile.decode(Array(Self.text.utf8), path: Self.path)
            == [.signal("lamp"): true, .signal("night_mode"): false, .output("relay"): true])
    }

    @Test("a time that is not 'since BOOT_ID NANOSECONDS' after on, or in a format 1 file, is a malformed line", arguments: [
        ("gpioagg-state 1\n", "output pump on since \(boot) 5\n"),
        ("gpioagg-state 2\n", "output pump off since \(boot) 5\n"),
        ("gpioagg-state 2\n", "output pump on at \(boot) 5\n"),
        ("gpioagg-state 2\n", "output pump on since \(boot)\n"),
        ("gpioagg-state 2\n", "output pump on since \(boot.uppercased()) 5\n"),
        ("gpioagg-state 2\n", "output pump on since \(boot) -5\n"),
        ("gpioagg-state 2\n", "output pump on since \(boot) 05\n"),
        ("gpioagg-state 2\n", "output pump on since \(boot) 99999999999999999999\n"),
        ("gpioagg-state 2\n", "output pump on since  5\n"),
    ])
    func badTimes(header: String, line: String) throws {
        let error = try #require(Self.error(decoding: Self.sealed(header + line)))
        #expect(error.kind == .corrupt)
        #expect(error.message.contains("line 2 is not 'signal|output|input NAME on|off'"), "\(error.message)")
    }

    @Test("elapsed time: the same boot, forwards only")
    func elapsed() {
        let then = BootInstant(bootID: Self.boot, nanoseconds: 1_000_000_000)
        #expect(BootInstant(bootID: Self.boot, nanoseconds: 3_500_000_000).elapsed(since: then) == .milliseconds(2_500))
        #expect(then.elapsed(since: then) == .zero)
        #expect(BootInstant(bootID: Self.boot, nanoseconds: 999_999_999).elapsed(since: then) == nil, "ahead of now")
        #expect(BootInstant(bootID: "0" + Self.boot.dropFirst(), nanoseconds: 9_000_000_000).elapsed(since: then) == nil,
                "another boot")
    }

    @Test("the system's clock reads this boot's id")
    func systemClock() throws {
        let now = try #require(BootClock.system.now())
        let bootID = try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
        #expect(now.bootID + "\n" == bootID)
        let later = try #require(BootClock.system.now())
        #expect(later.elapsed(since: now) != nil)
    }

    @Test("more than the limit is refused before it is parsed")
    func tooLarge() throws {
        let error = try #require(Self.error(decoding: String(repeating: "a", count: StateFile.maximumBytes + 1)))
        #expect(error.kind == .tooLarge)
    }

    @Test("keys take only names a config can declare")
    func keys() {
        #expect(NodeID(validating: .signal, "lamp") != nil)
        #expect(NodeID(validating: .signal, "_a-1") != nil)
        #expect(NodeID(validating: .signal, String(repeating: "x", count: 64)) != nil)
        for bad in ["", "two words", "1st", "-x", "é", "a\nb", String(repeating: "x", count: 65)] {
            #expect(NodeID(validating: .output, bad) == nil, "\(bad)")
        }
        // The state file's order: signals, outputs, inputs, covers; by name within one.
        #expect(NodeID.stateFileOrder(.signal("b"), .signal("c")))
        #expect(NodeID.stateFileOrder(.signal("z"), .output("a")))
        #expect(NodeID.stateFileOrder(.output("z"), .input("a")))
        #expect(NodeID.stateFileOrder(.input("z"), .cover("a")))
        #expect(!NodeID.stateFileOrder(.input("a"), .signal("z")))
    }
}

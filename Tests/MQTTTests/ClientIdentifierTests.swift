import MosquittoTesting
import Foundation
@testable import MQTT
import Testing
import TestSupport

@Suite("Client ids derived from the machine id, as systemd derives app-specific ids")
struct ClientIdentifierTests {
    private func hex(_ bytes: [UInt8]) -> String { ClientIdentifier.hex(bytes) }
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("SHA-256 of FIPS 180-4's examples, and across the padding's block boundaries")
    func sha256() {
        #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.hash(bytes("abc"))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.hash(bytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(SHA256.hash([UInt8](repeating: 0x61, count: 55)))
            == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(hex(SHA256.hash([UInt8](repeating: 0x61, count: 64)))
            == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
        var pieces = SHA256()
        for _ in 0..<10 { pieces.update([UInt8](repeating: 0x61, count: 100)) }
        #expect(hex(pieces.finalize()) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("HMAC-SHA-256: RFC 4231's test cases 1 to 7", arguments: [
        ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        ([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        (Array(1...25), [UInt8](repeating: 0xcd, count: 50),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        ([UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8),
         "a3b6167473100ee06e0c796c2955552b"),
        ([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        ([UInt8](repeating: 0xaa, count: 131),
         Array(("This is a test using a larger than block-size key and a larger than block-size data. The key needs "
             + "to be hashed before being used by the HMAC algorithm.").utf8),
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ])
    func hmac(key: [UInt8], message: [UInt8], expected: String) {
        // Test case 5 checks the first 128 bits only.
        let tag = hex(HMACSHA256.authenticationCode(key: key, message: message))
        #expect(tag.hasPrefix(expected))
        #expect(tag.count == 64)
    }

    private let machineID: [UInt8] = [
        0x3d, 0x12, 0x19, 0xc7, 0xc4, 0xc5, 0x40, 0x4a, 0xaa, 0x1f, 0x6d, 0x2a, 0x48, 0xad, 0xfd, 0xa4,
    ]

    @Test("the app-specific id is systemd's: HMAC's first 16 bytes made a version 4 UUID; the id takes 4 bytes")
    func appSpecific() {
        // systemd-id128 -a db93d1cc35724e0cb5ae855f3ffcfd67 machine-id, on a machine whose
        // id is 3d1219c7c4c5404aaa1f6d2a48adfda4; the HMAC is 19b8c747bf81b290...
        let id = ClientIdentifier.appSpecificID(machineID: machineID, applicationID: ClientIdentifier.applicationID)
        #expect(hex(id) == "19b8c747bf8142909c294fd90100749a")
        #expect(ClientIdentifier.make(node: "garage", machineID: machineID) == "gpioagg-garage-19b8c747")
    }

    @Test("the same machine always gets the same id; another machine another; odd node characters become '-'")
    func stability() {
        let first = ClientIdentifier.make(node: "hall", machineID: machineID)
        #expect(ClientIdentifier.make(node: "hall", machineID: machineID) == first)
        var other = machineID
        other[15] ^= 1
        let second = ClientIdentifier.make(node: "hall", machineID: other)
        #expect(second != first)
        #expect(second.hasPrefix("gpioagg-hall-") && second.count == first.count)
        #expect(ClientIdentifier.make(node: "the hall/1 é", machineID: machineID).hasPrefix("gpioagg-the-hall-1---"))
        let format = ClientIdentifier.make(node: "x", machineID: other)
        #expect(format.dropFirst("gpioagg-x-".count).allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test("this machine's id agrees with systemd-id128's app-specific id",
          .enabled(if: FileManager.default.fileExists(atPath: "/etc/machine-id")
                       && Tools.find("systemd-id128") != nil))
    func agreesWithSystemd() throws {
        let machine = try ClientIdentifier.readMachineID(path: "/etc/machine-id")
        let expected = try Tools.run(Tools.find("systemd-id128")!, ["-a", "db93d1cc35724e0cb5ae855f3ffcfd67", "machine-id"])
        let derived = ClientIdentifier.appSpecificID(machineID: machine, applicationID: ClientIdentifier.applicationID)
        #expect(expected.status == 0)
        #expect(expected.output.trimmingCharacters(in: .whitespacesAndNewlines) == hex(derived))
        #expect(try ClientIdentifier.forThisMachine(node: "n") == "gpioagg-n-" + hex(Array(derived.prefix(4))))
    }

    @Test("a machine-id file that is missing, uninitialised or not hex is refused, naming the file and the fix")
    func badMachineID() throws {
        let directory = try TemporaryDirectory()
        try directory.write("3D1219C7C4C5404AAA1F6D2A48ADFDA4\n", to: "upper")
        #expect(try ClientIdentifier.readMachineID(path: directory.file("upper")) == machineID)
        for (name, text) in [("uninitialised", "uninitialized\n"), ("short", "3d1219c7\n"),
                             ("zero", String(repeating: "0", count: 32) + "\n"),
                             ("letters", "3d1219c7c4c5404aaa1f6d2a48adfdzz\n")] {
            try directory.write(text, to: name)
            #expect(throws: MQTTError.self) { try ClientIdentifier.readMachineID(path: directory.file(name)) }
        }
        do {
            _ = try ClientIdentifier.readMachineID(path: directory.file("missing"))
            Issue.record("a missing file was read")
        } catch {
            #expect(error.kind == .machineID)
            #expect("\(error)".contains(directory.file("missing")))
            #expect("\(error)".contains("No such file or directory"))
            #expect("\(error)".contains("hint: "))
        }
    }
}

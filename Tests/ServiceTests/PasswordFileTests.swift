#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import MQTT
@testable import Service
import Testing

/// The MQTT password file as the daemon reads it when it connects: through SystemCore's
/// file reading, so that what is not a regular file is refused at once, never waited on.
@Suite("The MQTT password file")
struct PasswordFileTests {
    final class Directory {
        let path: String
        init() throws {
            path = NSTemporaryDirectory() + "gpioagg-password-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String, _ text: String) throws -> String {
            let file = path + "/" + name
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
    }

    static func refusal(_ path: String) -> String? {
        do throws(MQTTBridge.SetupError) {
            _ = try MQTTClient.readPassword(path)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("a FIFO with no writer and a directory are refused at once as not regular files")
    func fifoAndDirectory() throws {
        let directory = try Directory()
        let fifo = directory.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(Self.refusal(fifo) == "password_file \(fifo) is not a regular file")
        #expect(Self.refusal(directory.path) == "password_file \(directory.path) is not a regular file")
    }

    @Test("the first line is the password; empty, oversized and missing files are refused")
    func contents() throws {
        let directory = try Directory()
        #expect(try MQTTClient.readPassword(try directory.file("lines", "s3cret\nignored\n")) == "s3cret")
        #expect(try MQTTClient.readPassword(try directory.file("bare", "s3cret")) == "s3cret")
        let empty = try directory.file("empty", "\nsecond\n")
        #expect(Self.refusal(empty) == "password_file \(empty) is empty")
        let large = try directory.file("large", String(repeating: "x", count: 4097))
        #expect(Self.refusal(large) == "password_file \(large) is larger than 4 KiB: it holds one password")
        let missing = directory.path + "/missing"
        #expect(Self.refusal(missing) == "cannot read password_file \(missing): No such file or directory")
    }
}

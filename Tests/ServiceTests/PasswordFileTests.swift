#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Bridge
import MosquittoTesting
import MQTT
@testable import Service
import Testing
import TestSupport

/// The MQTT password file as the daemon reads it when it connects: through SystemCore's
/// file reading, so that what is not a regular file is refused at once, never waited on.
@Suite("The MQTT password file")
struct PasswordFileTests {
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
        let directory = try TemporaryDirectory()
        let fifo = directory.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(Self.refusal(fifo) == "password_file \(fifo) is not a regular file")
        #expect(Self.refusal(directory.path) == "password_file \(directory.path) is not a regular file")
    }

    @Test("the first line is the password; empty, oversized and missing files are refused")
    func contents() throws {
        let directory = try TemporaryDirectory()
        try directory.write("s3cret\nignored\n", to: "lines")
        #expect(try MQTTClient.readPassword(directory.file("lines")) == "s3cret")
        try directory.write("s3cret", to: "bare")
        #expect(try MQTTClient.readPassword(directory.file("bare")) == "s3cret")
        try directory.write("s3cret\r\nignored\r\n", to: "windows")
        #expect(try MQTTClient.readPassword(directory.file("windows")) == "s3cret", "a CRLF line ending is no part of it")
        try directory.write("s3cret\r", to: "carriage")
        #expect(try MQTTClient.readPassword(directory.file("carriage")) == "s3cret")
        try directory.write("\nsecond\n", to: "empty")
        let empty = directory.file("empty")
        #expect(Self.refusal(empty) == "password_file \(empty) is empty")
        try directory.write(String(repeating: "x", count: 4097), to: "large")
        let large = directory.file("large")
        #expect(Self.refusal(large) == "password_file \(large) is larger than 4 KiB: it holds one password")
        let missing = directory.file("missing")
        #expect(Self.refusal(missing) == "cannot read password_file \(missing): No such file or directory")
    }
}

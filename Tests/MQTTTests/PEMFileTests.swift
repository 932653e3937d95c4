import Foundation
import MosquittoTesting
@testable import MQTT
import Testing
import TestSupport

/// TLS files read for each attempt without ever waiting on them.
@Suite("TLS files: read without blocking, regular files only")
struct PEMFileTests {
    private func reason(_ path: String) -> String? {
        do {
            _ = try PEMFile(path: path, key: "ca_file")
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("a regular file's bytes; a FIFO, a directory, a device, a missing or an oversized file refused with the reason")
    func kinds() throws {
        let directory = try TemporaryDirectory()
        try directory.write("-----BEGIN CERTIFICATE-----\n", to: "ca.pem")
        #expect(try PEMFile(path: directory.file("ca.pem"), key: "ca_file").bytes == Array("-----BEGIN CERTIFICATE-----\n".utf8))
        #expect(mkfifo(directory.file("fifo"), 0o600) == 0)
        #expect(reason(directory.file("fifo")) == "ca_file \(directory.file("fifo")) is a FIFO, not a regular file: give a PEM file",
                "returns at once: no writer ever opens the FIFO")
        #expect(reason(directory.path) == "ca_file \(directory.path) is a directory, not a regular file: give a PEM file")
        #expect(reason("/dev/null")?.contains("is a character device") == true)
        #expect(reason(directory.file("missing")) == "cannot read ca_file \(directory.file("missing")): No such file or directory")
        try Data(count: PEMFile.limit + 1).write(to: URL(fileURLWithPath: directory.file("big.pem")))
        #expect(reason(directory.file("big.pem")) == "ca_file \(directory.file("big.pem")) is larger than 1 MiB: is it the PEM file?")
        try Data(count: PEMFile.limit).write(to: URL(fileURLWithPath: directory.file("limit.pem")))
        #expect(try PEMFile(path: directory.file("limit.pem"), key: "ca_file").bytes.count == PEMFile.limit)
    }
}

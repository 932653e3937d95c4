#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Foundation
import Testing

@Suite("Config files that are not regular files")
struct ConfigFileTypeTests {
    @Test("a FIFO is refused at once, without waiting for a writer")
    func fifoIsRefused() throws {
        let path = NSTemporaryDirectory() + "gpioagg-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).yaml"
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let error = try #require(throws: ConfigErrors.self) { try ConfigLoader.load(path: path) }
        #expect(error.errors.count == 1)
        #expect(error.errors[0].message == "cannot read the config file: it is a FIFO, not a regular file")
        #expect(error.errors[0].location.file == path)
    }

    @Test("a character device is refused")
    func deviceIsRefused() throws {
        let error = try #require(throws: ConfigErrors.self) { try ConfigLoader.load(path: "/dev/null") }
        #expect(error.errors[0].message == "cannot read the config file: it is a character device, not a regular file")
    }
}

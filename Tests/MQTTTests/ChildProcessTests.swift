#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import MosquittoTesting
import Testing

@Suite("Programs the tests start")
struct ChildProcessTests {
    @Test("a child holds none of the test process's descriptors: a pipe end it kept would hide the end of input")
    func inheritsNothing() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0, "a pipe without close-on-exec, as a careless test would make")
        defer { ends.forEach { close($0) } }
        let child = try ChildProcess("/bin/sh", ["-c", "ls /proc/$$/fd"], captureOutput: true)
        let output = try #require(child.output)
        let listing = String(decoding: output.readDataToEndOfFile(), as: UTF8.self)
        #expect(child.wait() == 0)
        let descriptors = Set(listing.split(separator: "\n").compactMap { Int32($0) })
        #expect(descriptors == [0, 1, 2], "only standard input, output and error")
    }
}

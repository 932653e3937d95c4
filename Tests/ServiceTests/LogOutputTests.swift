#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Service
import Testing

@Suite("Log output that never blocks")
struct LogOutputTests {
    @Test("a pipe nobody reads: writes return, the oldest lines go, and the reader is told how many")
    func unreadPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(closeOnExecPipe(&ends))
        defer {
            close(ends[0])
            close(ends[1])
        }
        let output = LogOutput(descriptor: ends[1], limit: 16 * 1024)
        // Far more than the pipe (64 KiB) and the buffer hold: a blocking write would
        // never return here.
        let line = String(repeating: "x", count: 100)
        for index in 0..<10_000 { output.write("\(index) \(line)") }
        #expect(output.droppedLines > 0)
        #expect(output.pendingByteCount <= 16 * 1024 + 200)

        // The reader comes back: it gets the notice, then the newest lines.
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let flags = fcntl(ends[0], F_GETFL)
        _ = fcntl(ends[0], F_SETFL, flags | O_NONBLOCK)
        for _ in 0..<100 {
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 { received += buffer[..<count] }
            output.flush(timeout: .milliseconds(10))
            if output.pendingByteCount == 0, count <= 0 { break }
        }
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.contains("log lines dropped: the output was not read"))
        #expect(text.hasSuffix("9999 \(line)\n"), "the newest line arrives whole")
    }

    @Test("a reader that goes away: what waits is dropped, and later writes cost nothing")
    func readerGone() throws {
        // As `gpioagg run` does: a write to a pipe with no reader fails with EPIPE
        // instead of ending the process.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        try #require(closeOnExecPipe(&ends))
        defer { close(ends[1]) }
        let output = LogOutput(descriptor: ends[1], limit: 16 * 1024)
        let line = String(repeating: "y", count: 100)
        for index in 0..<2_000 { output.write("\(index) \(line)") }
        #expect(output.pendingByteCount > 0)
        close(ends[0])
        output.flush(timeout: .seconds(5))
        #expect(output.pendingByteCount == 0)
        output.write("after")
        #expect(output.pendingByteCount == 0)
    }
}

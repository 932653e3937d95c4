import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The daemon with its standard output on a pipe nobody reads: logging must not hold up
/// the loop.
@Suite("gpioagg run with unread output", .tags(.binary))
struct UnreadOutputTests {
    @Test("far more log than a pipe holds: status still answers, a change still drives the output, SIGTERM still stops it")
    func unreadPipe() throws {
        // 3,000 signals: the start alone logs about 60 KiB, each change of `a` as much again.
        var config = "chips:\n  main: { label: pinctrl-bcm2711 }\ninputs:\n  a: { chip: main, line: GPIO17 }\nsignals:\n"
        for index in 0..<3_000 { config += "  s\(index): { not: a }\n" }
        config += "outputs:\n  led: { chip: main, line: GPIO5, follows: s0, safe: off }\n"
        let path = try DaemonTests.write(config)
        let socket = temporarySocketPath()
        let fifo = temporaryDirectory() + "/unread"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The test holds the pipe's read end open and never reads it.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }
        let daemon = try RunningProduct(shell: """
            exec '\(BuiltProducts.url("gpioagg").path)' --simulate --config '\(path)' \
            --control '\(socket)' < /dev/null > '\(fifo)' 2>&1
            """)
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: socket), Date() < deadline { usleep(20_000) }
        try #require(FileManager.default.fileExists(atPath: socket), "the daemon never opened its socket")
        #expect(try DaemonTests.waitForStatus(socket) { $0["outputs"]?["led"] == true })
        for _ in 0..<3 { #expect(try DaemonTests.sim(socket, ["toggle", "a"]).status == 0) }
        #expect(try DaemonTests.waitForStatus(socket) { $0["outputs"]?["led"] == false })
        daemon.process.terminate()
        let result = daemon.finish(limit: 10)
        #expect(result.status == 0, "SIGTERM stopped it")
    }
}

#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
import Foundation
import GPIOSimulated
import Locks
import TestSupport
import Logging
import LoopEmbedded
import Service
import Testing

/// The daemon process and its control socket: a second daemon on a live socket does not
/// run on without one.
@Suite("The daemon's control socket")
struct DaemonControlSocketTests {
    struct Unused: ControlHandler {
        func handle(_ request: ControlRequest) -> ControlReply { .ok }
    }

    @Test("a second daemon on a live socket fails to start with status 1, naming the running one's pid")
    func secondDaemonFails() throws {
        let directory = "/tmp/gpioagg-daemon-socket-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/control.sock"
        // The running daemon: a listener in this process, so its pid is ours.
        let running = try ControlServer(path: path, handler: Unused())
        defer { running.close() }

        let entries = LockedValueBox<[LogEntry]>([])
        let logger = Logger(label: "test") { _ in RecordingLogHandler(entries: entries) }
        let logging = DaemonLogging(logger: logger, outputs: .init(standard: LogOutput(descriptor: 1),
                                                                   error: LogOutput(descriptor: 2)))
        let configuration = Configuration.embeddedDemo
        let second = DaemonProcess(configuration: configuration, configPath: nil, backend: .simulated(),
                                   controlPath: path, version: "test")
        let status = try second.run(logging: logging)

        #expect(status == 1)
        let logged = entries.withLockedValue { $0.map { "\($0.level): \($0.message)" } }
        #expect(logged.contains {
            $0.hasPrefix("error: error: another gpioagg (pid \(getpid())) is already running: "
                + "it listens on the control socket at \(path)")
        }, "\(logged)")
        #expect(!logged.contains("info: ready"), "\(logged)")
        // The running one's socket is left alone.
        var status2 = stat()
        #expect(lstat(path, &status2) == 0 && status2.st_mode & S_IFMT == S_IFSOCK)
    }
}

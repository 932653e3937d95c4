#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Control
import Foundation
import GPIOSimulated
import Locks
import Logging
import LoopEmbedded
import Service
import Testing

/// The daemon process and its control socket: a second daemon on a live socket does not
/// run on without one.
@Suite("The daemon's control socket")
struct DaemonControlSocketTests {
    struct Recording: LogHandler {
        let messages: LockedValueBox<[String]>
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            messages.withLockedValue { $0.append("\(event.level): \(event.message)") }
        }
    }

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

        let messages = LockedValueBox<[String]>([])
        let logger = Logger(label: "test") { _ in Recording(messages: messages) }
        let logging = DaemonLogging(logger: logger, outputs: .init(standard: LogOutput(descriptor: 1),
                                                                   error: LogOutput(descriptor: 2)))
        let configuration = Configuration.embeddedDemo
        let chips = SimulatedBackend.simulating(configuration, clock: EmbeddedEventLoop())
        let second = DaemonProcess(configuration: configuration, configPath: nil, simulate: true, controlPath: path,
                                   version: "test", hardware: chips, hardwareSummary: "simulated")
        let status = try second.run(logging: logging)

        #expect(status == 1)
        let logged = messages.withLockedValue { $0 }
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

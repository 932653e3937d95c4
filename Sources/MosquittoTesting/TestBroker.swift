import Foundation
import TestSupport

/// A mosquitto of the test's own: its config file in a temporary directory, listening
/// on a free loopback port, started (and restarted) by the test, waited for until it
/// accepts connections, and stopped with SIGTERM at the end.
public final class TestBroker: @unchecked Sendable {
    public let directory: TemporaryDirectory
    public let port: UInt16
    private let settings: [String]
    private let persistent: Bool
    private var process: ChildProcess?

    /// `settings`: config lines besides the listener (the listener's own options, such as
    /// `certfile`, follow it). `persistent`: retained messages are saved in the directory
    /// at a stop and read again at the next start, as a broker with persistence on does.
    public init(settings: [String] = ["allow_anonymous true"], directory: TemporaryDirectory? = nil,
                persistent: Bool = false) throws {
        self.directory = try directory ?? TemporaryDirectory(prefix: "gpioagg-mqtt")
        port = try Self.freePort()
        self.settings = settings
        self.persistent = persistent
        try start()
    }

    deinit { stop() }

    public var url: String { "mqtt://127.0.0.1:\(port)" }

    public func start() throws {
        let lines = ["listener \(port) 127.0.0.1"] + settings + [
            persistent ? "persistence true\npersistence_location \(directory.file(""))" : "persistence false",
            "log_dest file \(directory.file("broker.log"))",
            "log_type all",
            "user root",
        ]
        try directory.write(lines.joined(separator: "\n") + "\n", to: "mosquitto.conf")
        let process = try ChildProcess(Tools.mosquitto!, ["-c", directory.file("mosquitto.conf")], captureOutput: false)
        self.process = process
        let deadline = Date().addingTimeInterval(5)
        while !Self.accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw ToolFailure("mosquitto did not start on port \(port): \(log)")
            }
            usleep(10_000)
        }
    }

    /// SIGTERM, and waits until it has exited.
    public func stop() {
        guard let process else { return }
        self.process = nil
        process.signal(SIGTERM)
        process.wait()
    }

    /// SIGSTOP: the broker keeps its connections but answers nothing.
    public func freeze() { process?.signal(SIGSTOP) }

    /// SIGCONT after `freeze()`.
    public func thaw() { process?.signal(SIGCONT) }

    public var log: String { directory.read("broker.log") }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    public static func accepts(port: UInt16) -> Bool {
        guard let fd = Loopback.connected(port: port) else { return false }
        close(fd)
        return true
    }

    /// A loopback port nothing listens on now (the kernel's pick).
    public static func freePort() throws -> UInt16 {
        guard let (fd, port) = Loopback.bound(port: 0) else {
            throw ToolFailure("no free port: \(String(cString: strerror(errno)))")
        }
        close(fd)
        return port
    }
}

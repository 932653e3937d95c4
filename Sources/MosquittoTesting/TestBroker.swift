import Foundation

/// A mosquitto of the test's own: its config file in a temporary directory, listening
/// on a free loopback port, started (and restarted) by the test, waited for until it
/// accepts connections, and stopped with SIGTERM at the end.
public final class TestBroker: @unchecked Sendable {
    public let directory: TemporaryDirectory
    public let port: UInt16
    private let settings: [String]
    private var process: ChildProcess?

    /// `settings`: config lines besides the listener (the listener's own options, such as
    /// `certfile`, follow it).
    public init(settings: [String] = ["allow_anonymous true"], directory: TemporaryDirectory? = nil) throws {
        self.directory = try directory ?? TemporaryDirectory()
        port = try Self.freePort()
        self.settings = settings
        try start()
    }

    deinit { stop() }

    public var url: String { "mqtt://127.0.0.1:\(port)" }

    public func start() throws {
        let lines = ["listener \(port) 127.0.0.1"] + settings + [
            "persistence false",
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
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    public static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw ToolFailure("no free port: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }
}

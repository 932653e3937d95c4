import Foundation

/// The programs the MQTT tests run: the broker, and mosquitto-clients to watch and to
/// inject from outside the client under test.
public enum Tools {
    public static func find(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in path + ["/usr/sbin", "/usr/local/sbin", "/usr/bin", "/sbin"] {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    public static let mosquitto = find("mosquitto")
    public static let mosquittoSub = find("mosquitto_sub")
    public static let mosquittoPub = find("mosquitto_pub")
    public static let mosquittoPasswd = find("mosquitto_passwd")
    public static let openssl = find("openssl")

    /// Whether the broker tests can run: they need a real broker, never a stand-in.
    public static var haveBroker: Bool {
        mosquitto != nil && mosquittoSub != nil && mosquittoPub != nil
    }

    public static let noBroker = "mosquitto and mosquitto-clients are not installed (scripts/install-deps installs them)"

    /// Runs `executable` to its end (killed after `limit`); its status and output.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], limit: TimeInterval = 10) throws
        -> (status: Int32, output: String)
    {
        let child = try ChildProcess(executable, arguments, captureOutput: true)
        let fd = child.output!.fileDescriptor
        let deadline = Date().addingTimeInterval(limit)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard remaining > 0, poll(&entry, 1, remaining) >= 0 else {
                child.signal(SIGKILL)
                break
            }
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        return (child.wait(), String(decoding: output, as: UTF8.self))
    }

    /// `mosquitto_pub`: one message, QoS 1.
    public static func publish(port: UInt16, topic: String, payload: String, retained: Bool = false,
                        extra: [String] = []) throws {
        var arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-m", payload, "-q", "1"] + extra
        if retained { arguments.append("-r") }
        let result = try run(mosquittoPub!, arguments)
        guard result.status == 0 else { throw ToolFailure("mosquitto_pub failed: \(result.output)") }
    }

    /// Polls the retained value of `topic` until it is `value` (nil: none), up to
    /// `limit` seconds; returns whether it came. For what a client publishes on its own
    /// time (its status once connected) and what a loaded machine delays past
    /// `retainedValue`'s one second.
    public static func waitForRetained(port: UInt16, topic: String, _ value: String?, extra: [String] = [],
                                       limit: Double = 10) throws -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        repeat {
            if try retainedValue(port: port, topic: topic, extra: extra) == value { return true }
            usleep(50_000)
        } while Date() < deadline
        return false
    }

    /// The retained value of `topic` ("PAYLOAD"), or nil when there is none.
    public static func retainedValue(port: UInt16, topic: String, extra: [String] = []) throws -> String? {
        let result = try run(mosquittoSub!, ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-C", "1", "-W", "1",
                                             "--retained-only", "-F", "%p"] + extra)
        let line = result.output.split(separator: "\n").first.map(String.init)
        return result.status == 0 ? line : nil
    }
}

public struct ToolFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

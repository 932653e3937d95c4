import Foundation
import Testing

/// The programs the MQTT tests run: the broker, and mosquitto-clients to watch and to
/// inject from outside the client under test.
enum Tools {
    static func find(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in path + ["/usr/sbin", "/usr/local/sbin", "/usr/bin", "/sbin"] {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static let mosquitto = find("mosquitto")
    static let mosquittoSub = find("mosquitto_sub")
    static let mosquittoPub = find("mosquitto_pub")
    static let mosquittoPasswd = find("mosquitto_passwd")
    static let openssl = find("openssl")

    /// Whether the broker tests can run: they need a real broker, never a stand-in.
    static var haveBroker: Bool {
        mosquitto != nil && mosquittoSub != nil && mosquittoPub != nil
    }

    static let noBroker: Comment = "mosquitto and mosquitto-clients are not installed (scripts/install-deps installs them)"

    /// Runs `executable` to its end (killed after `limit`); its status and standard output.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], limit: TimeInterval = 10) throws
        -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let deadline = Date().addingTimeInterval(limit)
        let reader = output.fileHandleForReading
        let collected = DispatchSemaphore(value: 0)
        let box = DataBox()
        DispatchQueue.global().async {
            box.data = reader.readDataToEndOfFile()
            collected.signal()
        }
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        _ = collected.wait(timeout: .now() + 5)
        return (process.terminationStatus, String(decoding: box.data, as: UTF8.self))
    }

    private final class DataBox: @unchecked Sendable { var data = Data() }

    /// `mosquitto_pub`: one message, QoS 1.
    static func publish(port: UInt16, topic: String, payload: String, retained: Bool = false,
                        extra: [String] = []) throws {
        var arguments = ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-m", payload, "-q", "1"] + extra
        if retained { arguments.append("-r") }
        let result = try run(mosquittoPub!, arguments)
        guard result.status == 0 else { throw ToolFailure("mosquitto_pub failed: \(result.output)") }
    }

    /// The retained value of `topic` ("PAYLOAD"), or nil when there is none.
    static func retainedValue(port: UInt16, topic: String, extra: [String] = []) throws -> String? {
        let result = try run(mosquittoSub!, ["-h", "127.0.0.1", "-p", "\(port)", "-t", topic, "-C", "1", "-W", "1",
                                             "--retained-only", "-F", "%p"] + extra)
        let line = result.output.split(separator: "\n").first.map(String.init)
        return result.status == 0 ? line : nil
    }
}

struct ToolFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

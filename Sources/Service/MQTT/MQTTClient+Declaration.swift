#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Config
import Logging
import Loop
import MQTT

extension MQTTClient {
    /// The daemon's transport for `declaration`: libmosquitto loaded, the client id from
    /// the machine id, the password read from its file.
    ///
    /// ```swift
    /// let transport = try MQTTClient.forDeclaration(declaration, loop: loop, logger: logger)
    /// ```
    static func forDeclaration(_ declaration: MQTTDeclaration, loop: any EventLoop,
                               logger: Logger) throws(MQTTBridge.SetupError) -> MQTTClient {
        do { try MQTTClient.loadLibrary() } catch { throw MQTTBridge.SetupError(message: "\(error)") }
        var settings = MQTTClient.Configuration(broker: declaration.broker,
                                                clientID: try clientID(node: declaration.node, logger: logger),
                                                statusTopic: declaration.topics.statusTopic)
        settings.username = declaration.username
        if let path = declaration.passwordFile { settings.password = try readPassword(path) }
        // Without tls: an mqtts:// broker is checked against the system's CAs.
        settings.tls = declaration.tls
        settings.maximumMessageSize = declaration.maximumMessageSize
        return MQTTClient(configuration: settings, loop: loop, logger: logger)
    }

    /// `gpioagg-<node>-` and 8 hex digits from the machine id; without a machine id, 8
    /// random ones (said in the log: two runs then differ).
    static func clientID(node: String, logger: Logger) throws(MQTTBridge.SetupError) -> String {
        do throws(MQTTError) {
            return try ClientIdentifier.forThisMachine(node: node)
        } catch {
            var generator = SystemRandomNumberGenerator()
            let suffix = String(UInt32.random(in: 0...UInt32.max, using: &generator), radix: 16)
            let padded = String(repeating: "0", count: 8 - suffix.count) + suffix
            logger.warning("warning: no machine id for the MQTT client id (\(error)); using gpioagg-\(node)-\(padded)")
            return "gpioagg-\(node)-\(padded)"
        }
    }

    /// The password file's first line: a regular file of at most 4 KiB, read without
    /// blocking.
    static func readPassword(_ path: String) throws(MQTTBridge.SetupError) -> String {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw MQTTBridge.SetupError(message: "cannot read password_file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw MQTTBridge.SetupError(message: "password_file \(path) is not a regular file")
        }
        guard status.st_size <= 4096 else {
            throw MQTTBridge.SetupError(message: "password_file \(path) is larger than 4 KiB: it holds one password")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else {
            throw MQTTBridge.SetupError(message: "cannot read password_file \(path): \(String(cString: strerror(errno)))")
        }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        guard !password.isEmpty else { throw MQTTBridge.SetupError(message: "password_file \(path) is empty") }
        return password
    }
}

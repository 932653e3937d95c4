#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Bridge
import Config
import Logging
import Loop
import MQTT
import SystemCore

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

    /// The password file's first line: a regular file of at most 4 KiB, read through
    /// `SystemCall.readRegularFile` as the TLS files are, so that a FIFO or a device put
    /// there is refused at once instead of holding up the loop.
    static func readPassword(_ path: String) throws(MQTTBridge.SetupError) -> String {
        let bytes: [UInt8]
        do throws(RegularFileRefusal) {
            bytes = try SystemCall.readRegularFile(path, limit: 4096)
        } catch {
            switch error {
            case .failed(let failure):
                throw MQTTBridge.SetupError(message: "cannot read password_file \(path): \(failure.reason)")
            case .notRegular:
                throw MQTTBridge.SetupError(message: "password_file \(path) is not a regular file")
            case .tooLarge:
                throw MQTTBridge.SetupError(message: "password_file \(path) is larger than 4 KiB: it holds one password")
            case .changed:
                throw MQTTBridge.SetupError(message: "cannot read password_file \(path): it changed while it was read")
            }
        }
        // Split on bytes: in a Swift String "\r\n" is one character, which neither a
        // split on "\n" nor a dropped "\r" would find.
        var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let password = String(decoding: line, as: UTF8.self)
        guard !password.isEmpty else { throw MQTTBridge.SetupError(message: "password_file \(path) is empty") }
        return password
    }
}

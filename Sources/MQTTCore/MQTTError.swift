/// Something the MQTT client refuses, worded for the person who has to fix it.
///
/// A struct around a private code enum, so that kinds can be added without breaking
/// callers; match on `kind` when the difference matters.
///
/// ```swift
/// do { try client.subscribe("gpioagg/garage/+/set") } catch { logger.error("\(error)") }
/// ```
public struct MQTTError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// A topic or topic filter MQTT does not allow.
        case invalidTopic
        /// The machine id could not be read.
        case machineID
        /// The TLS context could not be made (a certificate or key file).
        case tls
        /// libmosquitto could not be loaded (not installed, or not 2.0).
        case library
    }

    package enum Code: Hashable, Sendable {
        case invalidTopic(topic: String, problem: String)
        case machineID(path: String, problem: String)
        case tls(problem: String)
        case library(problem: String)
    }

    package let code: Code

    package init(_ code: Code) { self.code = code }

    package static func invalidTopic(_ topic: String, problem: String) -> MQTTError {
        MQTTError(.invalidTopic(topic: topic, problem: problem))
    }

    package static func machineID(path: String, problem: String) -> MQTTError {
        MQTTError(.machineID(path: path, problem: problem))
    }

    package static func tls(_ problem: String) -> MQTTError { MQTTError(.tls(problem: problem)) }

    package static func library(_ problem: String) -> MQTTError { MQTTError(.library(problem: problem)) }

    public var kind: Kind {
        switch code {
        case .invalidTopic: return .invalidTopic
        case .machineID: return .machineID
        case .tls: return .tls
        case .library: return .library
        }
    }

    public var description: String {
        switch code {
        case .invalidTopic(let topic, let problem):
            return "the MQTT topic '\(topic)' is not valid: \(problem)"
        case .machineID(let path, let problem):
            return "cannot read the machine id in \(path): \(problem)\n"
                + "hint: the MQTT client id is derived from it; systemd-machine-id-setup makes one"
        case .tls(let problem):
            return "TLS: \(problem)"
        case .library(let problem):
            // libmosquitto fails to load when OpenSSL, which it links, is missing.
            let package = problem.contains("libssl") || problem.contains("libcrypto") ? "libssl3" : "libmosquitto1"
            return "cannot load libmosquitto: \(problem)\n"
                + "hint: MQTT needs Debian's \(package) package: sudo apt install \(package)"
        }
    }
}

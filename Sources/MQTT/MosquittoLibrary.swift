#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore
import CMosquitto

/// libmosquitto's loading, its process-wide set-up and its words for its codes.
enum MosquittoLibrary {
    /// Loads libmosquitto (and OpenSSL, which it links) if nothing has yet: gpioagg does
    /// not link it, so that a daemon without MQTT does not map it. Any call into it loads
    /// it too; this says why it cannot be loaded, once, before a client is made.
    static func load() throws(MQTTError) {
        var reason = [CChar](repeating: 0, count: 512)
        guard cmosq_library_load(&reason, reason.count) != 0 else { return }
        throw MQTTError.library(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                       as: UTF8.self))
    }

    /// `mosquitto_lib_init` is not thread-safe; a global's initialiser runs exactly once.
    private static let initialised: Int32 = mosquitto_lib_init()

    static func ensureInitialised() {
        _ = initialised
    }

    /// The version of the libmosquitto loaded, e.g. "2.0.11".
    static var version: String {
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        _ = mosquitto_lib_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }

    /// A libmosquitto result code (`MOSQ_ERR_*`) in words; `errno` as saved when it came,
    /// for `MOSQ_ERR_ERRNO`.
    static func describe(result: Int32, errno code: Int32) -> String {
        switch result {
        case Int32(MOSQ_ERR_ERRNO.rawValue) where code != 0:
            return SystemCallError.reason(for: code)
        case Int32(MOSQ_ERR_CONN_LOST.rawValue):
            return "the connection was lost"
        case Int32(MOSQ_ERR_KEEPALIVE.rawValue):
            return "the broker did not answer within the keepalive"
        case Int32(MOSQ_ERR_EAI.rawValue):
            return String(cString: gai_strerror(code))
        default:
            return String(cString: mosquitto_strerror(result))
        }
    }

    /// What the broker said in a CONNACK or DISCONNECT, in words.
    static func describe(reasonCode: Int32, version: MQTTConnectionStateMachine.ProtocolVersion) -> String {
        if version == .v311 && reasonCode < 0x80 {
            return String(cString: mosquitto_connack_string(reasonCode)).lowercased()
        }
        return String(cString: mosquitto_reason_string(reasonCode)).lowercased()
    }

    /// Publish failures that no new connection would cure: the message is dropped.
    static func refusesMessage(_ result: Int32) -> Bool {
        let permanent: [mosq_err_t] = [
            MOSQ_ERR_INVAL, MOSQ_ERR_PAYLOAD_SIZE, MOSQ_ERR_MALFORMED_UTF8, MOSQ_ERR_QOS_NOT_SUPPORTED,
            MOSQ_ERR_OVERSIZE_PACKET, MOSQ_ERR_NOT_SUPPORTED, MOSQ_ERR_DUPLICATE_PROPERTY,
        ]
        return permanent.contains { Int32($0.rawValue) == result }
    }
}

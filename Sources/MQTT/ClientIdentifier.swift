#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore

/// The MQTT client id, `gpioagg-<node>-<8 hex digits>`, the same on every start of one
/// machine and different between machines, so that two boards configured alike never
/// share an id (a broker drops the older connection when a second one arrives with the
/// same id, and the two then push each other off in a loop).
///
/// The digits are derived from the machine id as systemd's
/// `sd_id128_get_machine_app_specific` derives app-specific ids: HMAC-SHA256 keyed with
/// the 16 bytes of `/etc/machine-id`, over gpioagg's fixed application id
/// (`applicationID`), the first 16 bytes of the result made a version 4 UUID; the id uses
/// its first 4 bytes. The machine id itself is never sent anywhere, and `systemd-id128
/// -a db93d1cc35724e0cb5ae855f3ffcfd67 machine-id` prints the same 16 bytes.
///
/// ```swift
/// let id = try ClientIdentifier.forThisMachine(node: "garage")   // "gpioagg-garage-19b8c747"
/// ```
public enum ClientIdentifier {
    /// gpioagg's application id (`db93d1cc-3572-4e0c-b5ae-855f3ffcfd67`), made once with
    /// `systemd-id128 new`. Changing it changes every board's client id.
    public static let applicationID: [UInt8] = [
        0xdb, 0x93, 0xd1, 0xcc, 0x35, 0x72, 0x4e, 0x0c, 0xb5, 0xae, 0x85, 0x5f, 0x3f, 0xfc, 0xfd, 0x67,
    ]

    /// Where systemd keeps the machine id.
    public static let machineIDPath = "/etc/machine-id"

    /// The client id of node `node` on the machine whose id is in `machineIDPath`.
    public static func forThisMachine(node: String, machineIDPath: String = machineIDPath) throws(MQTTError) -> String {
        make(node: node, machineID: try readMachineID(path: machineIDPath))
    }

    /// `gpioagg-<node>-<8 hex digits>`; characters of `node` other than ASCII letters,
    /// digits, `-` and `_` become `-` (brokers need only accept those).
    public static func make(node: String, machineID: [UInt8]) -> String {
        let id = appSpecificID(machineID: machineID, applicationID: applicationID)
        let safeNode = String(String.UnicodeScalarView(node.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
                               || scalar == "_") ? scalar : "-"
        }))
        return "gpioagg-\(safeNode)-" + hex(id.prefix(4))
    }

    /// `sd_id128_get_app_specific(machineID, applicationID)`: 16 bytes.
    public static func appSpecificID(machineID: [UInt8], applicationID: [UInt8]) -> [UInt8] {
        var id = Array(HMACSHA256.authenticationCode(key: machineID, message: applicationID).prefix(16))
        id[6] = (id[6] & 0x0f) | 0x40
        id[8] = (id[8] & 0x3f) | 0x80
        return id
    }

    /// The 16 bytes of a machine-id file: 32 hexadecimal digits and a newline.
    public static func readMachineID(path: String) throws(MQTTError) -> [UInt8] {
        let fd: Int32
        do throws(SystemCallError) {
            fd = try SystemCall.retrying("open") { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        } catch {
            throw .machineID(path: path, problem: error.reason)
        }
        defer { SystemCall.close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count: Int
        do throws(SystemCallError) {
            count = try SystemCall.retrying("read") { buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
        } catch {
            throw .machineID(path: path, problem: error.reason)
        }
        var text = Array(buffer.prefix(count))
        if text.last == UInt8(ascii: "\n") { text.removeLast() }
        guard text.count == 32, let bytes = parseHex(text), bytes.contains(where: { $0 != 0 }) else {
            throw .machineID(path: path, problem: "it does not hold a machine id (32 hexadecimal digits)")
        }
        return bytes
    }

    static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func parseHex(_ text: [UInt8]) -> [UInt8]? {
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        var index = 0
        while index + 1 < text.count {
            guard let high = value(text[index]), let low = value(text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}

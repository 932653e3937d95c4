#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import SystemCore

/// A TLS file's bytes, read for each connection attempt on the loop without ever waiting:
/// opened non-blocking, refused unless it is a regular file (a FIFO would hold the open
/// or the read, and the loop with it, for good; a device would never end), and at most
/// `limit` bytes. OpenSSL then reads the PEM from memory.
///
/// ```swift
/// let ca = try PEMFile(path: "/etc/gpioagg/ca.pem", key: "ca_file")
/// ca.bytes.count    // what the file holds
/// ```
struct PEMFile {
    let path: String
    let bytes: [UInt8]

    /// 1 MiB: a CA bundle of every public authority is about 200 KiB.
    static let limit = 1 << 20

    /// `key` names the file in messages as the config does (`ca_file`).
    init(path: String, key: String) throws(ConnectionFailure) {
        self.path = path
        do throws(RegularFileRefusal) {
            bytes = try SystemCall.readRegularFile(path, limit: Self.limit)
        } catch {
            switch error {
            case .failed(let failure):
                throw ConnectionFailure("cannot read \(key) \(path): \(failure.reason)")
            case .notRegular(let kind):
                throw ConnectionFailure("\(key) \(path) is \(kind), not a regular file: give a PEM file")
            case .tooLarge:
                throw ConnectionFailure("\(key) \(path) is larger than 1 MiB: is it the PEM file?")
            case .changed:
                throw ConnectionFailure("\(key) \(path) changed while it was read (a certificate being renewed?)")
            }
        }
    }

}

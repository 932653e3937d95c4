/// HMAC-SHA256 (RFC 2104), as systemd's `hmac_sha256` computes it for
/// `sd_id128_get_machine_app_specific`.
///
/// ```swift
/// let tag = HMACSHA256.authenticationCode(key: machineID, message: appID)
/// ```
public enum HMACSHA256 {
    public static func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > SHA256.blockSize ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: SHA256.blockSize - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(inner.finalize())
        return outer.finalize()
    }
}

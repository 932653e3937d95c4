/// CRC-32 as zlib, gzip and PNG compute it (IEEE 802.3: polynomial 0x04C11DB7 reflected,
/// initial value and final XOR 0xFFFFFFFF), so that anyone can check a state file with
/// `python3 -c 'import zlib, sys; print(f"{zlib.crc32(sys.stdin.buffer.read()):08x}")'`.
///
/// ```swift
/// CRC32.checksum(Array("123456789".utf8))   // 0xCBF43926
/// ```
enum CRC32 {
    static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }
}

/// TZif files written byte by byte as RFC 8536 lays them out, for zones no tzdata
/// file has: a footer alone, a version 1 file, a rule written to test one detail.
enum TZifBytes {
    /// A file of `version` ("2", "3"; 0 for version 1) whose data block holds
    /// `transitions` (instant, type index) and `types` (offset, daylight saving,
    /// abbreviation); versions 2 and later get an empty version 1 block and `footer`.
    static func file(version: UInt8 = UInt8(ascii: "2"), transitions: [(Int64, UInt8)] = [],
                     types: [(Int32, Bool, String)], footer: String = "") -> [UInt8] {
        var characters: [UInt8] = []
        var indexes: [UInt8] = []
        for type in types {
            indexes.append(UInt8(characters.count))
            characters += Array(type.2.utf8) + [0]
        }
        func block(timeSize: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for (time, _) in transitions { bytes += bigEndian(UInt64(bitPattern: time), count: timeSize) }
            bytes += transitions.map(\.1)
            for (index, type) in types.enumerated() {
                bytes += bigEndian(UInt64(UInt32(bitPattern: type.0)), count: 4) + [type.1 ? 1 : 0, indexes[index]]
            }
            return bytes + characters
        }
        func header(_ version: UInt8, times: Int, types: Int, characters: Int) -> [UInt8] {
            Array("TZif".utf8) + [version] + Array(repeating: 0, count: 15)
                + [0, 0, 0, times, types, characters].flatMap { bigEndian(UInt64($0), count: 4) }
        }
        guard version != 0 else {
            return header(0, times: transitions.count, types: types.count, characters: characters.count) + block(timeSize: 4)
        }
        let emptyV1 = header(version, times: 0, types: 1, characters: 1) + [0, 0, 0, 0, 0, 0, 0]
        return emptyV1 + header(version, times: transitions.count, types: types.count, characters: characters.count)
            + block(timeSize: 8) + Array("\n\(footer)\n".utf8)
    }

    private static func bigEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}

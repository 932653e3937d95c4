/// Reads a TZif file (RFC 8536): the header, the version 1 data block it skips, and for
/// versions 2 and later the 64-bit data block and the footer. Every count and index is
/// checked against the bytes there are, so that a damaged file is an error naming what
/// is wrong, never a read past the end.
struct TZifReader {
    private let bytes: [UInt8]
    private let source: String
    private var index = 0

    init(_ bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    /// The zone the file describes, named `name`.
    mutating func rules(name: String) throws(ClockError) -> TimeZoneRules {
        let first = try header()
        guard first.version >= 2 else { return try dataBlock(first, timeSize: 4, name: name, footer: nil) }
        try skip(first.blockSize(timeSize: 4), "the version 1 data")
        let second = try header()
        let blockStart = index
        try skip(second.blockSize(timeSize: 8), "the 64-bit data")
        let footer = try footerRule()
        index = blockStart
        return try dataBlock(second, timeSize: 8, name: name, footer: footer)
    }

    private struct Header {
        let version: Int
        let isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int

        func blockSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + characterCount + leapCount * (timeSize + 4)
                + isStandardCount + isUTCCount
        }
    }

    private mutating func header() throws(ClockError) -> Header {
        guard bytes.count - index >= 44 else { throw .badZoneFile(source, "it is shorter than a TZif header") }
        guard Array(bytes[index..<index + 4]) == Array("TZif".utf8) else {
            throw .badZoneFile(source, "it does not start with \"TZif\" (not a zone file)")
        }
        let versionByte = bytes[index + 4]
        let version: Int
        switch versionByte {
        case 0: version = 1
        case UInt8(ascii: "2")...UInt8(ascii: "9"): version = Int(versionByte - UInt8(ascii: "0"))
        default: throw .badZoneFile(source, "its version byte is \(versionByte)")
        }
        index += 20
        var counts: [Int] = []
        for _ in 0..<6 { counts.append(Int(try unsigned32())) }
        let header = Header(version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                            timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
        guard header.typeCount >= 1 else { throw .badZoneFile(source, "it has no local time types") }
        guard header.isUTCCount == 0 || header.isUTCCount == header.typeCount,
              header.isStandardCount == 0 || header.isStandardCount == header.typeCount else {
            throw .badZoneFile(source, "its indicator counts do not match its type count")
        }
        guard header.leapCount == 0 else {
            throw .badZoneFile(source,
                               "it counts leap seconds (a \"right/\" zone): use the zone of the same name without \"right/\"")
        }
        return header
    }

    private mutating func dataBlock(_ header: Header, timeSize: Int, name: String,
                                    footer: PosixTimeZone?) throws(ClockError) -> TimeZoneRules {
        guard bytes.count - index >= header.blockSize(timeSize: timeSize) else {
            throw .badZoneFile(source, "it ends inside its data")
        }
        var transitions: [Int64] = []
        for _ in 0..<header.timeCount {
            let time = timeSize == 8 ? Int64(bitPattern: try unsigned64()) : Int64(Int32(bitPattern: try unsigned32()))
            if let last = transitions.last, time <= last {
                throw .badZoneFile(source, "its transition times are not in ascending order")
            }
            transitions.append(time)
        }
        var transitionTypes: [Int] = []
        for _ in 0..<header.timeCount {
            let type = Int(try byte())
            guard type < header.typeCount else {
                throw .badZoneFile(source, "a transition names local time type \(type) of \(header.typeCount)")
            }
            transitionTypes.append(type)
        }
        var rawTypes: [(offset: Int, isDaylightSaving: Bool, abbreviationIndex: Int)] = []
        for _ in 0..<header.typeCount {
            let offset = Int(Int32(bitPattern: try unsigned32()))
            // RFC 8536: -2^31 is not allowed; real offsets lie within a day.
            guard (-89_999...93_599).contains(offset) else {
                throw .badZoneFile(source, "a local time type's offset is \(offset) seconds")
            }
            let isDaylightSaving = try byte()
            guard isDaylightSaving <= 1 else {
                throw .badZoneFile(source, "a local time type's daylight saving flag is \(isDaylightSaving)")
            }
            rawTypes.append((offset, isDaylightSaving == 1, Int(try byte())))
        }
        let characters = Array(bytes[index..<index + header.characterCount])
        index += header.characterCount
        let types = try rawTypes.map { raw throws(ClockError) -> LocalTimeType in
            guard raw.abbreviationIndex < characters.count else {
                throw .badZoneFile(source, "an abbreviation index is past its abbreviations")
            }
            let abbreviation = characters[raw.abbreviationIndex...].prefix { $0 != 0 }
            return LocalTimeType(utcOffset: raw.offset, isDaylightSaving: raw.isDaylightSaving,
                                 abbreviation: String(decoding: abbreviation, as: UTF8.self))
        }
        return TimeZoneRules(name: name, transitions: transitions, transitionTypes: transitionTypes, types: types, footer: footer)
    }

    /// The footer: a newline, a POSIX TZ string (possibly empty: no rule), a newline.
    private mutating func footerRule() throws(ClockError) -> PosixTimeZone? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\n") else {
            throw .badZoneFile(source, "its footer does not start with a newline")
        }
        guard let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\n")) else {
            throw .badZoneFile(source, "its footer does not end with a newline")
        }
        let text = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        return text.isEmpty ? nil : try PosixTimeZone(parsing: text)
    }

    private mutating func skip(_ count: Int, _ what: String) throws(ClockError) {
        guard bytes.count - index >= count else { throw .badZoneFile(source, "it ends inside \(what)") }
        index += count
    }

    private mutating func byte() throws(ClockError) -> UInt8 {
        guard index < bytes.count else { throw .badZoneFile(source, "it ends inside its data") }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func unsigned32() throws(ClockError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(try byte()) }
        return value
    }

    private mutating func unsigned64() throws(ClockError) -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(try byte()) }
        return value
    }
}

import Values

/// The state file: where kept values live between runs, as a small text file.
///
/// ```
/// gpioagg-state 1
/// signal lamp on
/// signal night_mode off
/// output relay on
/// crc32 7547ccff
/// ```
///
/// - The first line is the magic word and the format's version: 7 when an override's
///   mode is kept, else 6 when a counter's period is kept, else 5 when a cover is kept moving, else 4 when a cover's position is kept, else 3 when a value is a number, else 2 when a value carries the
///   time it went on, else 1; each is the oldest format that holds the values, so that a
///   gpioagg of before reads the file as long as it holds nothing that gpioagg did not
///   know.
/// - Then one line per kept value: its kind (`signal`, `output`, `input`, or from format
///   4 `cover`), its name (as a config
///   declares it, at most 64 characters), and `on` or `off`; signals first, then outputs,
///   each by name. In format 2, `on` may go on with `since BOOT_ID NANOSECONDS`: when
///   it went on (`BootInstant`), for an output's `max_on`. In format 3, a value may be
///   a decimal number (`input setpoint 21.5`, `DecimalText`'s grammar) in Swift's
///   shortest form that reads back as the same `Double`. In format 4, a cover's
///   position is kept as a number too (`cover blinds 60`). In format 5, a cover that
///   was moving is kept as `moving` and the position the move started from, if known
///   (`cover blinds moving 60.0`, `cover blinds moving`). In format 6, a counter with a
///   `period:` is kept with the period its total counts, in seconds since 1970, and the
///   total of the period before if one ended (`signal rain_today 3.35 period 1781992800`,
///   `signal rain_today 0.0 period 1782079200 last 3.35`). In format 7, an output with
///   `override: true` is kept with ` mode auto|on|off` after its level
///   (`output sump_pump off mode off`, `output lamp on since BOOT_ID NANOSECONDS mode on`).
/// - The last line is `crc32` and, as 8 lowercase hexadecimal digits, the CRC-32 (zlib's)
///   of every byte before it, newlines included.
///
/// Every line ends with a newline, the last one too, and nothing may follow it: a file
/// cut short anywhere lacks its checksum line or has a damaged one, so it is refused
/// rather than read as fewer values. docs/STATE.md describes the file for people.
///
/// ```swift
/// let bytes = StateFile.encode([lamp: true])
/// let values = try StateFile.decode(bytes, path: "/var/lib/gpioagg/kept-state")   // [lamp: true]
/// ```
public enum StateFile {
    /// The file's name in its directory.
    public static let fileName = "kept-state"
    /// The first word of the first line.
    public static let magic = "gpioagg-state"
    /// The newest version this gpioagg writes and reads. It writes version 1 (the
    /// version before the `since` times) when no value has a time or is a number,
    /// version 2 when none is a number, version 3 when no cover is kept, and version 4
    /// when no cover is kept moving, version 5 when no period is kept, and version 6 when
    /// no override's mode is kept, so that a gpioagg of before still reads the file.
    public static let version = 7
    /// Larger files are refused before they are read: 1 MiB holds about 13,000 values.
    public static let maximumBytes = 1024 * 1024

    static let checksumWord = "crc32"

    /// The file's bytes for `values`.
    public static func encode(_ values: [NodeID: KeptValue]) -> [UInt8] {
        let moded = values.values.contains { $0.mode != nil }
        let periodic = values.values.contains { $0.period != nil }
        let moving = values.values.contains { $0.isMoving }
        let covered = values.keys.contains { $0.kind == .cover }
        let numbered = values.values.contains { $0.number != nil }
        let timed = values.values.contains { $0.onSince != nil }
        var text = "\(magic) \(moded ? 7 : periodic ? 6 : moving ? 5 : covered ? 4 : numbered ? 3 : timed ? 2 : 1)\n"
        for (key, value) in values.sorted(by: { NodeID.stateFileOrder($0.key, $1.key) }) {
            text += "\(key.kind.rawValue) \(key.name) \(value)\n"
        }
        var bytes = Array(text.utf8)
        bytes += Array("\(checksumWord) \(hex(CRC32.checksum(bytes)))\n".utf8)
        return bytes
    }

    /// The values in a state file's bytes; `path` is what errors call the file.
    ///
    /// Throws for anything but a whole, undamaged file of this format: another kind of
    /// file or format (`.foreign`), a file cut short, a checksum that does not match, a
    /// line that is not `kind name on|off` (or, from format 2, `kind name on since BOOT_ID
    /// NANOSECONDS`; from format 3, `kind name NUMBER`; from format 4, the kind `cover`;
    /// from format 6, `signal name NUMBER period SECONDS [last NUMBER]`), a value given
    /// twice (`.corrupt`).
    public static func decode(_ bytes: [UInt8], path: String) throws(KeptStateError) -> [NodeID: KeptValue] {
        func corrupt(_ reason: String) -> KeptStateError { KeptStateError(.corrupt(path: path, reason: reason)) }
        let cutShort = corrupt("the file ends before its checksum line (it was cut short)")
        guard !bytes.isEmpty else { throw corrupt("the file is empty") }
        if bytes.count > maximumBytes {
            throw KeptStateError(.tooLarge(path: path, bytes: bytes.count, limit: maximumBytes))
        }

        // The header first, so that another kind of file is called foreign, not damaged.
        let newline = UInt8(ascii: "\n")
        let magicWord = Array((magic + " ").utf8)
        guard bytes.starts(with: magicWord) else {
            if magicWord.starts(with: bytes) { throw cutShort }
            throw KeptStateError(.foreign(path: path))
        }
        guard let headerEnd = bytes.firstIndex(of: newline) else { throw cutShort }
        let versionText = bytes[magicWord.count..<headerEnd]
        guard !versionText.isEmpty, versionText.count <= 9, versionText.allSatisfy(isASCIIDigit) else {
            throw KeptStateError(.foreign(path: path))
        }
        let versionString = String(decoding: versionText, as: UTF8.self)
        guard let fileVersion = Int(versionString), (1...version).contains(fileVersion) else {
            throw KeptStateError(.unsupportedVersion(path: path, version: versionString))
        }

        // The checksum line: the last one, whole.
        guard bytes.last == newline else { throw cutShort }
        let body = bytes[..<(bytes.count - 1)]
        let lastLineStart = (body.lastIndex(of: newline) ?? -1) + 1
        guard lastLineStart > headerEnd else { throw cutShort }
        let lastLine = body[lastLineStart...]
        let checksumPrefix = Array((checksumWord + " ").utf8)
        guard lastLine.starts(with: checksumPrefix) else { throw cutShort }
        let digits = lastLine.dropFirst(checksumPrefix.count)
        guard digits.count == 8, let stored = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
              String(decoding: digits, as: UTF8.self) == hex(stored) else {
            throw corrupt("its checksum line is damaged ('crc32' and 8 lowercase hexadecimal digits expected)")
        }
        let computed = CRC32.checksum(bytes[..<lastLineStart])
        guard computed == stored else {
            throw corrupt("the checksum does not match (the file is damaged: \(hex(stored)) recorded, "
                          + "\(hex(computed)) computed)")
        }

        // The values, between the header and the checksum line.
        var values: [NodeID: KeptValue] = [:]
        var lineNumber = 1
        var start = headerEnd + 1
        while start < lastLineStart {
            lineNumber += 1
            let end = bytes[start..<lastLineStart].firstIndex(of: newline) ?? lastLineStart
            let line = bytes[start..<end]
            start = end + 1
            guard let (key, value) = entry(line, timed: fileVersion >= 2, numbered: fileVersion >= 3),
                  key.kind != .cover || fileVersion >= 4, !value.isMoving || fileVersion >= 5,
                  value.period == nil || fileVersion >= 6, value.mode == nil || fileVersion >= 7 else {
                throw corrupt("line \(lineNumber) is not '" + (fileVersion >= 4 ? "signal|output|input|cover" : "signal|output|input")
                              + " NAME on|off"
                              + (fileVersion >= 5 ? "|NUMBER|moving [NUMBER]'" : fileVersion >= 3 ? "|NUMBER'" : "'")
                              + (fileVersion >= 2 ? " (or 'on since BOOT_ID NANOSECONDS')" : "")
                              + (fileVersion >= 6 ? " (or 'NUMBER period SECONDS [last NUMBER]')" : "")
                              + (fileVersion >= 7 ? " (an output's level may end 'mode auto|on|off')" : ""))
            }
            guard values.updateValue(value, forKey: key) == nil else {
                throw corrupt("line \(lineNumber) gives \(key.kind.rawValue) '\(key.name)' a second time")
            }
        }
        return values
    }

    /// `kind name on|off`, and when `timed`, `kind name on since BOOT_ID NANOSECONDS`, and
    /// when `numbered`, `kind name NUMBER`; or nil.
    private static func entry(_ line: ArraySlice<UInt8>, timed: Bool, numbered: Bool) -> (NodeID, KeptValue)? {
        let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        // An output's level may end `mode auto|on|off` (format 7, checked by the caller).
        if fields.count == 5 || fields.count == 8, String(decoding: fields[fields.count - 2], as: UTF8.self) == "mode" {
            guard let mode = OverrideMode(rawValue: String(decoding: fields[fields.count - 1], as: UTF8.self)),
                  let (key, value) = entry(line.prefix(upTo: fields[fields.count - 2].startIndex - 1), timed: timed,
                                           numbered: numbered),
                  key.kind == .output, let level = value.level else { return nil }
            return (key, .overridden(level, onSince: value.onSince, mode: mode))
        }
        guard fields.count == 3 || fields.count == 4 || (timed && fields.count == 6)
                || (numbered && (fields.count == 5 || fields.count == 7)),
              let kind = NodeKind(rawValue: String(decoding: fields[0], as: UTF8.self)),
              let key = NodeID(validating: kind, String(decoding: fields[1], as: UTF8.self)) else { return nil }
        let word = String(decoding: fields[2], as: UTF8.self)
        // The level words exactly as `KeptValue.description` writes them: any other
        // spelling is not what gpioagg wrote.
        let level = LevelWord.level(ofShown: word)
        switch word {
        case "moving" where kind == .cover && fields.count == 3: return (key, .moving(from: nil))
        case "moving" where kind == .cover && fields.count == 4:
            guard let from = decimal(fields[3]) else { return nil }
            return (key, .moving(from: from))
        case _ where level != nil && fields.count == 3: return (key, KeptValue(level == true))
        case _ where level == true && fields.count == 6:
            // At most 19 digits: any UInt64 of CLOCK_BOOTTIME for the next 300 years, and
            // no overflow to check.
            guard String(decoding: fields[3], as: UTF8.self) == "since", BootInstant.isValidBootID(fields[4]),
                  (1...19).contains(fields[5].count), fields[5].allSatisfy(isASCIIDigit),
                  fields[5].count == 1 || fields[5].first != UInt8(ascii: "0"),
                  let nanoseconds = UInt64(String(decoding: fields[5], as: UTF8.self)) else { return nil }
            let since = BootInstant(bootID: String(decoding: fields[4], as: UTF8.self), nanoseconds: nanoseconds)
            return (key, KeptValue(true, onSince: since))
        case _ where numbered && fields.count == 3:
            guard let number = decimal(fields[2]) else { return nil }
            return (key, .number(number))
        case _ where numbered && kind == .signal && (fields.count == 5 || fields.count == 7):
            // A counter's total and its period: `NUMBER period SECONDS [last NUMBER]`.
            guard let total = decimal(fields[2]), String(decoding: fields[3], as: UTF8.self) == "period",
                  let start = integer(fields[4]) else { return nil }
            guard fields.count == 7 else { return (key, .total(total, periodStart: start, last: nil)) }
            guard String(decoding: fields[5], as: UTF8.self) == "last", let last = decimal(fields[6]) else { return nil }
            return (key, .total(total, periodStart: start, last: last))
        default: return nil
        }
    }

    /// Only what `description` writes: no spaces or tabs that DecimalText would trim.
    private static func decimal(_ field: ArraySlice<UInt8>) -> Double? {
        guard field.allSatisfy({ isASCIIDigit($0) || Array("+-.eE".utf8).contains($0) }) else { return nil }
        return DecimalText.parse(String(decoding: field, as: UTF8.self))
    }

    /// A whole number of seconds as `description` writes it: an optional `-`, then digits
    /// without leading zeros, at most 18.
    private static func integer(_ field: ArraySlice<UInt8>) -> Int64? {
        let digits = field.first == UInt8(ascii: "-") ? field.dropFirst() : field
        guard (1...18).contains(digits.count), digits.allSatisfy(isASCIIDigit),
              digits.count == 1 || digits.first != UInt8(ascii: "0") else { return nil }
        return Int64(String(decoding: field, as: UTF8.self))
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// The directory part of `path`: "." when there is none.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

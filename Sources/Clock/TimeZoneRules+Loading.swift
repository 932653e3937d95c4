#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemCore

extension TimeZoneRules {
    /// Where Debian's `tzdata` package puts the zones.
    public static let defaultZoneRoot = "/usr/share/zoneinfo"
    /// The system's zone, as glibc reads it.
    public static let defaultLocaltime = "/etc/localtime"
    /// The most a zone file may hold; the largest real ones are a few kilobytes.
    static let fileLimit = 1 << 20

    /// The zone named `name` (an IANA name: `Europe/Berlin`, `America/New_York`, `UTC`)
    /// from the TZif files under `root`.
    ///
    /// A name that is not a zone is an error suggesting the closest zone names (from
    /// `root/tzdata.zi`, or the files under `root` when it is absent); an absolute name
    /// or one with `.` or `..` components is refused before any file is opened. `UTC` and
    /// `Etc/UTC` need no file.
    ///
    /// ```swift
    /// try TimeZoneRules.named("Europe/Berlin")
    /// try TimeZoneRules.named("Europe/Berln")   // error: ... did you mean 'Europe/Berlin'?
    /// ```
    public static func named(_ name: String, root: String = defaultZoneRoot) throws(ClockError) -> TimeZoneRules {
        try checkZoneName(name)
        // UTC needs no rules from a file: a board without tzdata still has it.
        if name == "UTC" || name == "Etc/UTC" { return .utc }
        let path = root + "/" + name
        let bytes: [UInt8]
        do throws(RegularFileRefusal) {
            bytes = try SystemCall.readRegularFile(path, limit: fileLimit)
        } catch {
            switch error {
            case .failed(let failure) where SysfsFiles.isGone(failure) || failure.errno == ENOTDIR:
                throw .unknownZone(name, suggestions: closestZones(to: name, root: root))
            case .notRegular:
                let inside = zoneNames(root: root).filter { $0.hasPrefix(name + "/") }
                throw .unknownZone(name, suggestions: Array(inside.prefix(3)))
            default:
                throw .unreadableZoneFile(path, reason(error))
            }
        }
        return try rules(fromTZif: bytes, name: name, source: path)
    }

    /// The system's zone: the TZif file at `localtime` (`/etc/localtime`), named after
    /// the zone its link points to (`Europe/Berlin` for a link to
    /// `/usr/share/zoneinfo/Europe/Berlin`), or after the path when it is a plain file.
    /// UTC when there is no such file, as the C library does.
    public static func system(localtime: String = defaultLocaltime) throws(ClockError) -> TimeZoneRules {
        guard SysfsFiles.exists(localtime) else { return .utc }
        let bytes: [UInt8]
        do throws(RegularFileRefusal) {
            bytes = try SystemCall.readRegularFile(localtime, limit: fileLimit)
        } catch {
            throw .unreadableZoneFile(localtime, reason(error))
        }
        return try rules(fromTZif: bytes, name: zoneName(ofLink: localtime) ?? localtime, source: localtime)
    }

    /// The zone a TZif file's bytes describe, named `name`; `source` names the file in
    /// errors.
    public static func rules(fromTZif bytes: [UInt8], name: String, source: String) throws(ClockError) -> TimeZoneRules {
        var reader = TZifReader(bytes, source: source)
        return try reader.rules(name: name)
    }

    /// The zone names nearest to `name`: those at the least edit distance, when that is
    /// within a typo (up to three, alphabetically).
    static func closestZones(to name: String, root: String) -> [String] {
        let scored = NameSuggestions.distances(from: name, to: zoneNames(root: root))
        guard let least = scored.map(\.distance).min(), least <= NameSuggestions.typoThreshold(for: name) else { return [] }
        return Array(scored.filter { $0.distance == least }.map(\.name).sorted().prefix(3))
    }

    /// Why a zone file could not be read, in words.
    private static func reason(_ refusal: RegularFileRefusal) -> String {
        switch refusal {
        case .failed(let error): error.description
        case .notRegular(let kind): "it is \(kind), not a regular file"
        case .tooLarge(let bytes): "it is \(bytes) bytes, more than a zone file holds"
        case .changed: "it changed while it was read"
        }
    }

    /// The IANA name in a link's target: what follows `zoneinfo/`.
    static func zoneName(ofLink path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let range = target.firstRange(of: "zoneinfo/") else { return nil }
        let name = String(target[range.upperBound...])
        for prefix in ["posix/", "right/"] where name.hasPrefix(prefix) { return String(name.dropFirst(prefix.count)) }
        return name.isEmpty ? nil : name
    }

    /// Refuses what could read outside the zone root or is no zone name at all.
    static func checkZoneName(_ name: String) throws(ClockError) {
        guard !name.isEmpty else { throw .badZoneName(name, "it is empty") }
        guard !name.hasPrefix("/") else { throw .badZoneName(name, "it is an absolute path") }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw .badZoneName(name, "it has an empty, \".\" or \"..\" part")
        }
        let allowed = name.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || "/_+-".unicodeScalars.contains($0)
        }
        guard allowed else { throw .badZoneName(name, "it has characters other than letters, digits, '/', '_', '+' and '-'") }
    }
}

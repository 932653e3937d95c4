import Clock
import SystemCore
import Testing

@Suite("Loading zones by name, the system's zone, damaged files")
struct ZoneLoadingTests {
    static func zoneBytes(_ name: String) throws -> [UInt8] {
        try SystemCall.readRegularFile("/usr/share/zoneinfo/" + name, limit: 1 << 20)
    }

    @Test("a zone is loaded by name and keeps it")
    func byName() throws {
        #expect(try TimeZoneRules.named("Europe/Berlin").name == "Europe/Berlin")
        #expect(TimeZoneRules.utc.name == "UTC")
    }

    @Test("an unknown name suggests the closest zones")
    func unknownName() {
        #expect { _ = try TimeZoneRules.named("Europe/Berln") } throws: {
            String(describing: $0) == "'Europe/Berln' is not a time zone: did you mean 'Europe/Berlin'?"
        }
        #expect { _ = try TimeZoneRules.named("Europe") } throws: {
            String(describing: $0).hasPrefix("'Europe' is not a time zone: did you mean 'Europe/")
        }
    }

    @Test("absolute names and names with . or .. parts are refused before any file is opened", arguments: [
        ("/etc/passwd", "'/etc/passwd' is not a time zone name: it is an absolute path; give an IANA name such as Europe/Berlin"),
        ("../../etc/passwd", "'../../etc/passwd' is not a time zone name: it has an empty, \".\" or \"..\" part; give an IANA name such as Europe/Berlin"),
        ("Europe/./Berlin", "'Europe/./Berlin' is not a time zone name: it has an empty, \".\" or \"..\" part; give an IANA name such as Europe/Berlin"),
        ("", "'' is not a time zone name: it is empty; give an IANA name such as Europe/Berlin"),
        ("Europe/Berlin ", "'Europe/Berlin ' is not a time zone name: it has characters other than letters, digits, '/', '_', '+' and '-'; give an IANA name such as Europe/Berlin"),
    ])
    func pathTricks(name: String, message: String) {
        #expect { _ = try TimeZoneRules.named(name) } throws: { String(describing: $0) == message }
    }

    @Test("a file that is not TZif is an error naming it")
    func notTZif() throws {
        let root = ScratchFolder()
        root.write("Mars/Olympus", Array("not a zone\n".utf8))
        #expect { _ = try TimeZoneRules.named("Mars/Olympus", root: root.path) } throws: {
            String(describing: $0) == "\(root.path)/Mars/Olympus is not a usable zone file: it is shorter than a TZif header; reinstall the tzdata package or choose another zone"
        }
        root.write("Mars/Hellas", Array(repeating: UInt8(ascii: "x"), count: 60))
        #expect { _ = try TimeZoneRules.named("Mars/Hellas", root: root.path) } throws: {
            String(describing: $0).contains("it does not start with \"TZif\" (not a zone file)")
        }
    }

    @Test("every shortened zone file is an error, never a crash")
    func truncated() throws {
        let bytes = try Self.zoneBytes("Europe/Berlin")
        for length in 0..<bytes.count {
            #expect(throws: ClockError.self) {
                _ = try TimeZoneRules.rules(fromTZif: Array(bytes.prefix(length)), name: "Europe/Berlin", source: "test")
            }
        }
    }

    @Test("damaged bytes give a zone or an error, never a crash")
    func damaged() throws {
        let bytes = try Self.zoneBytes("America/New_York")
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var errors = 0
        for _ in 0..<2000 {
            var copy = bytes
            for _ in 0..<3 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                copy[Int(seed >> 33) % copy.count] = UInt8(truncatingIfNeeded: seed >> 13)
            }
            do {
                let rules = try TimeZoneRules.rules(fromTZif: copy, name: "damaged", source: "test")
                _ = rules.instant(of: rules.localDateTime(at: 1_790_000_000))
            } catch {
                errors += 1
            }
        }
        #expect(errors > 0)
    }

    @Test("a type index past the types and transitions out of order are named")
    func inconsistent() throws {
        let bytes = try Self.zoneBytes("Europe/Berlin")
        // The counts in a header at `start`: isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt.
        func counts(_ start: Int) -> [Int] {
            (0..<6).map { bytes[start + 20 + 4 * $0..<start + 24 + 4 * $0].reduce(0) { $0 << 8 | Int($1) } }
        }
        let first = counts(0)
        let secondHeader = 44 + first[3] * 5 + first[4] * 6 + first[5] + first[2] * 8 + first[1] + first[0]
        let second = counts(secondHeader)
        let data = secondHeader + 44
        #expect(second[3] > 1)

        var badType = bytes
        badType[data + second[3] * 8] = UInt8(second[4])
        #expect { _ = try TimeZoneRules.rules(fromTZif: badType, name: "x", source: "bad") } throws: {
            String(describing: $0) == "bad is not a usable zone file: a transition names local time type \(second[4]) of \(second[4]); reinstall the tzdata package or choose another zone"
        }
        var unordered = bytes
        for index in 0..<8 { unordered.swapAt(data + index, data + 8 + index) }
        #expect { _ = try TimeZoneRules.rules(fromTZif: unordered, name: "x", source: "bad") } throws: {
            String(describing: $0).contains("its transition times are not in ascending order")
        }
    }

    @Test("the system's zone is named after its link's target; no file means UTC")
    func system() throws {
        let folder = ScratchFolder()
        folder.link("localtime", to: "/usr/share/zoneinfo/America/New_York")
        let zone = try TimeZoneRules.system(localtime: folder.path + "/localtime")
        #expect(zone.name == "America/New_York")
        #expect(zone.offset(at: 1_793_512_800) == -18000)
        folder.write("copied", try Self.zoneBytes("Asia/Kolkata"))
        #expect(try TimeZoneRules.system(localtime: folder.path + "/copied").name == folder.path + "/copied")
        #expect(try TimeZoneRules.system(localtime: folder.path + "/none") == .utc)
    }

    @Test("zone names come from tzdata.zi, or from the files when it is absent")
    func names() throws {
        let installed = TimeZoneRules.zoneNames()
        #expect(installed.contains("Europe/Berlin"))
        #expect(installed.contains("Asia/Calcutta"))   // a link: "L Asia/Kolkata Asia/Calcutta"

        let root = ScratchFolder()
        root.write("Europe/Berlin", try Self.zoneBytes("Europe/Berlin"))
        root.write("Etc/UTC", try Self.zoneBytes("Etc/UTC"))
        root.write("zone.tab", Array("# not a zone\n".utf8))
        #expect(TimeZoneRules.zoneNames(root: root.path) == ["Etc/UTC", "Europe/Berlin"])
        #expect { _ = try TimeZoneRules.named("Europe/Paris", root: root.path) } throws: {
            String(describing: $0) == "'Europe/Paris' is not a time zone: did you mean 'Europe/Berlin'?"
        }
        root.write("tzdata.zi", Array("# version\nZ Europe/Berlin 0:53:28 - LMT 1893 Ap\nL Etc/UTC UTC\n".utf8))
        #expect(TimeZoneRules.zoneNames(root: root.path) == ["Europe/Berlin", "UTC"])
    }
}

@Suite("Zone files that cannot be read")
struct UnreadableZoneTests {
    @Test("the system's zone that is not a file says what it is")
    func notAFile() {
        let folder = ScratchFolder()
        folder.write("zones/Europe/Berlin", [])
        #expect { _ = try TimeZoneRules.system(localtime: folder.path + "/zones") } throws: {
            String(describing: $0) == "\(folder.path)/zones cannot be read (it is a directory, not a regular file): check that the tzdata package is installed and the file is readable"
        }
    }

    @Test("UTC and Etc/UTC need no zone file: a board without tzdata has them")
    func utcWithoutFiles() throws {
        for name in ["UTC", "Etc/UTC"] {
            let rules = try TimeZoneRules.named(name, root: "/nonexistent/zoneinfo")
            #expect(rules.offset(at: 1_782_076_800) == 0)
            #expect(rules == .utc)
        }
        #expect(throws: ClockError.self) { try TimeZoneRules.named("Europe/Berlin", root: "/nonexistent/zoneinfo") }
    }
}

@Suite("WallTime")
struct WallTimeTests {
    @Test("nanoseconds since the epoch fall in the second that holds them, before 1970 too")
    func seconds() {
        #expect(WallTime.seconds(1_782_076_800_999_999_999) == 1_782_076_800)
        #expect(WallTime.seconds(0) == 0)
        #expect(WallTime.seconds(-1) == -1)
        #expect(WallTime.seconds(-1_000_000_000) == -1)
        #expect(WallTime.seconds(-1_000_000_001) == -2)
    }
}

import Values
import Foundation
@testable import KeptState
import Testing
import TestSupport

@Suite("StateFile on disk")
struct StateFileIOTests {
    static let values: [NodeID: KeptValue] = [.signal("lamp"): true, .output("relay"): false]

    static func readError(_ path: String) -> KeptStateError? {
        do {
            _ = try StateFile.read(path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test("a missing file is an empty state, without complaint")
    func missing() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        #expect(try StateFile.read(path: directory.file("kept-state")).isEmpty)
        #expect(try StateFile.read(path: directory.file("no/such/dir/kept-state")).isEmpty)
    }

    @Test("written, then read back; no temporary file stays; a missing directory is made")
    func writeThenRead() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("a/b/kept-state")
        try StateFile.write(Self.values, path: path)
        #expect(try StateFile.read(path: path) == Self.values)
        try StateFile.write([.signal("lamp"): false], path: path)
        #expect(try StateFile.read(path: path) == [.signal("lamp"): false])
        #expect(directory.names(in: "a/b") == ["kept-state"])
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o7777 == 0o640, "mode \(String(status.st_mode & 0o7777, radix: 8))")
    }

    @Test("the file is mode 0640 in the process's group, even in a set-group-ID directory of another group")
    func modeAndGroup() throws {
        // Another group this process may give a directory: any as root, else one it is in.
        var groups = [gid_t](repeating: 0, count: 256)
        let count = getgroups(Int32(groups.count), &groups)
        let other = geteuid() == 0 ? getegid() &+ 4242 : groups.prefix(Int(max(count, 0))).first { $0 != getegid() }
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        if let other {
            try #require(chown(directory.path, uid_t.max, other) == 0 && chmod(directory.path, 0o2755) == 0)
        }
        try StateFile.write(Self.values, path: path)
        var status = stat()
        try #require(stat(path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o640, "mode \(String(status.st_mode & 0o7777, radix: 8))")
        #expect(status.st_gid == getegid(), "group \(status.st_gid), the directory's \(other.map(String.init) ?? "-")")
        // A file of before, readable by all, is replaced by one that is not.
        #expect(chmod(path, 0o644) == 0)
        try StateFile.write([:], path: path)
        #expect(stat(path, &status) == 0 && status.st_mode & 0o7777 == 0o640)
    }

    @Test("a directory where the file goes is ignored with a warning naming it")
    func directory() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let error = try #require(Self.readError(path))
        #expect(error.kind == .notAFile)
        #expect(error.message == "ignoring \(path): it is a directory, not a regular file")
        #expect(error.hint.contains("rm -r \(path)"))
    }

    @Test("a symbolic link is never followed, even to a valid state file")
    func symbolicLink() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let target = directory.file("elsewhere")
        try StateFile.write(Self.values, path: target)
        let path = directory.file("kept-state")
        #expect(symlink(target, path) == 0)
        let error = try #require(Self.readError(path))
        #expect(error.kind == .notAFile)
        #expect(error.message.contains("\(path): it is a symbolic link"))
        // Writing replaces the link itself, not its target.
        try StateFile.write([:], path: path)
        #expect(try StateFile.read(path: path).isEmpty)
        #expect(try StateFile.read(path: target) == Self.values)
    }

    @Test("a FIFO is refused without blocking")
    func fifo() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        #expect(mkfifo(path, 0o600) == 0)
        let error = try #require(Self.readError(path))
        #expect(error.message.contains("it is a FIFO"))
    }

    @Test("a file over the limit is refused by its size")
    func tooLarge() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        var bytes = StateFile.encode(Self.values)
        bytes += [UInt8](repeating: 0x0A, count: StateFile.maximumBytes)
        try directory.write(bytes, to: "kept-state")
        let error = try #require(Self.readError(path))
        #expect(error.kind == .tooLarge)
        #expect(error.message.contains(path))
    }

    @Test("a damaged file on disk is reported, naming it")
    func damaged() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        try directory.write(Array(StateFile.encode(Self.values).dropLast(3)), to: "kept-state")
        let error = try #require(Self.readError(path))
        #expect(error.kind == .corrupt)
        #expect(error.description.hasPrefix("ignoring \(path): "))
    }

    @Test("temporary files of a killed run are removed, nothing else")
    func temporaries() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        let path = directory.file("kept-state")
        try StateFile.write(Self.values, path: path)
        for name in [".kept-state.Ab12Cd", ".kept-state.zzzzzz", ".kept-state.short", "notes", ".kept-state"] {
            try directory.write([1, 2, 3], to: name)
        }
        StateFile.removeTemporaries(for: path)
        #expect(directory.names() == [".kept-state", ".kept-state.short", "kept-state", "notes"])
    }

    @Test("a write into a path that is not a directory fails with the file named and a hint")
    func writeFails() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        try directory.write([], to: "blocker")
        let path = directory.file("blocker/kept-state")
        do {
            try StateFile.write(Self.values, path: path)
            Issue.record("the write succeeded")
        } catch {
            #expect(error.kind == .writeFailed)
            #expect(error.errno == ENOTDIR)
            #expect(error.message.hasPrefix("cannot keep state in \(path): "))
            #expect(error.hint.contains("not a directory"))
        }
    }
}

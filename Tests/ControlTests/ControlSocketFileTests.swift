@testable import Control
import Foundation
import Testing
import TestSupport

/// How the server makes its socket file: never visible with another mode, never through
/// a symbolic link, never in a directory where anyone could swap it.
@Suite("Control socket file")
struct ControlSocketFileTests {
    private let directory: TemporaryDirectory
    private let path: String

    init() throws {
        directory = try TemporaryDirectory(prefix: "gpioagg-control", parent: "/tmp/")
        path = directory.file("control.sock")
    }

    @Test("a directory anyone may write to without the sticky bit is refused, naming it and the fix")
    func worldWritableDirectoryRefused() throws {
        let open = directory.file("open")
        #expect(mkdir(open, 0o700) == 0 && chmod(open, 0o777) == 0)
        do {
            let server = try ControlServer(path: open + "/control.sock", handler: RecordingHandler())
            server.close()
            Issue.record("created a socket in a world-writable directory")
        } catch {
            #expect(error.kind == .invalidPath)
            #expect(error.message == "refusing to create the control socket in \(open): anyone may write to it "
                + "and it has no sticky bit, so another user could replace the socket")
            #expect(error.hint.contains("chmod o-w \(open)"))
            #expect(error.hint.contains("chmod +t \(open)"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: open).isEmpty)

        // The same directory with the sticky bit, like /tmp: others cannot remove our file.
        #expect(chmod(open, 0o1777) == 0)
        let server = try ControlServer(path: open + "/control.sock", handler: RecordingHandler())
        server.close()
    }

    @Test("the socket appears at its path by a rename, already mode 0660, and is never chmod'ed there")
    func modeFromCreation() throws {
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        try #require(watch >= 0)
        defer { close(watch) }
        try #require(inotify_add_watch(watch, directory.path, UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO)) >= 0)

        let server = try ControlServer(path: path, handler: RecordingHandler())
        defer { server.close() }
        var status = stat()
        #expect(lstat(path, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFSOCK)
        #expect(status.st_mode & 0o777 == 0o660)

        let events = Self.events(from: watch).filter { $0.name == "control.sock" }.map(\.mask)
        #expect(events == [UInt32(IN_MOVED_TO)])
        // The private directory it was made in is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["control.sock"])
    }

    @Test("a symbolic link at the path is refused and nothing is done through it")
    func symbolicLinkRefused() throws {
        let target = directory.file("victim")
        #expect(FileManager.default.createFile(atPath: target, contents: Data("keep".utf8),
                                               attributes: [.posixPermissions: 0o600]))
        #expect(symlink(target, path) == 0)
        do {
            let server = try ControlServer(path: path, handler: RecordingHandler())
            server.close()
            Issue.record("created the socket through a symbolic link")
        } catch {
            #expect(error.kind == .invalidPath)
            #expect(error.message == "\(path) is a symbolic link; the control socket is never created through one")
        }
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(stat(target, &status) == 0 && status.st_mode & 0o7777 == 0o600)
        #expect(FileManager.default.contents(atPath: target) == Data("keep".utf8))
    }

    /// The events queued on an inotify descriptor: mask and name.
    private static func events(from fd: Int32) -> [(mask: UInt32, name: String)] {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return [] }
        var events: [(mask: UInt32, name: String)] = []
        var offset = 0
        func word(_ at: Int) -> UInt32 {
            buffer[at..<at + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        }
        while offset + 16 <= count {
            let mask = word(offset + 4)
            let length = Int(word(offset + 12))
            let nameBytes = buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
            events.append((mask, String(decoding: nameBytes, as: UTF8.self)))
            offset += 16 + length
        }
        return events
    }
}

@testable import KeptState
import Testing
import TestSupport

@Suite("StateDirectory")
struct StateDirectoryTests {
    static let home = ["HOME": "/home/pi"]

    static func resolve(_ environment: [String: String], override: String? = nil,
                        systemUsable: Bool = false) throws(KeptStateError) -> StateDirectory.Choice {
        try StateDirectory.resolve(override: override, environment: environment) { path in
            #expect(path == StateDirectory.system)
            return systemUsable
        }
    }

    @Test("--state-dir wins over everything")
    func override() throws {
        let choice = try Self.resolve(["STATE_DIRECTORY": "/var/lib/gpioagg"].merging(Self.home) { $1 },
                                      override: "/srv/state", systemUsable: true)
        #expect(choice == StateDirectory.Choice(path: "/srv/state", source: .option))
        #expect(choice.filePath == "/srv/state/kept-state")
        #expect(throws: KeptStateError.self) { try Self.resolve(Self.home, override: "") }
    }

    @Test("then systemd's $STATE_DIRECTORY, the first of several")
    func systemd() throws {
        #expect(try Self.resolve(["STATE_DIRECTORY": "/var/lib/gpioagg"], systemUsable: true)
            == .init(path: "/var/lib/gpioagg", source: .systemd))
        #expect(try Self.resolve(["STATE_DIRECTORY": "/var/lib/a:/var/lib/b"]).path == "/var/lib/a")
        #expect(try Self.resolve(["STATE_DIRECTORY": ":/var/lib/b"]).path == "/var/lib/b")
        // Empty: not set.
        #expect(try Self.resolve(["STATE_DIRECTORY": ""].merging(Self.home) { $1 }).source == .user)
    }

    @Test("then /var/lib/gpioagg when it may be written or made")
    func system() throws {
        let choice = try Self.resolve(["XDG_STATE_HOME": "/home/pi/.state"], systemUsable: true)
        #expect(choice == .init(path: "/var/lib/gpioagg", source: .system))
        #expect(choice.filePath == "/var/lib/gpioagg/kept-state")
        #expect(choice.description == "/var/lib/gpioagg (from the system's state directory)")
    }

    @Test("then $XDG_STATE_HOME/gpioagg when absolute, else ~/.local/state/gpioagg")
    func user() throws {
        #expect(try Self.resolve(["XDG_STATE_HOME": "/home/pi/.state"].merging(Self.home) { $1 })
            == .init(path: "/home/pi/.state/gpioagg", source: .user))
        #expect(try Self.resolve(["XDG_STATE_HOME": "/s/"]).path == "/s/gpioagg")
        #expect(try Self.resolve(["XDG_STATE_HOME": "relative"].merging(Self.home) { $1 }).path
            == "/home/pi/.local/state/gpioagg")
        #expect(try Self.resolve(Self.home).path == "/home/pi/.local/state/gpioagg")
    }

    @Test("nothing at all is an error saying what to pass")
    func nothing() {
        do {
            _ = try Self.resolve(["HOME": ""])
            Issue.record("resolved")
        } catch {
            #expect(error.kind == .noDirectory)
            #expect(error.hint.contains("--state-dir"))
        }
    }

    @Test("the real probe: writable directories and creatable ones")
    func probe() throws {
        let directory = try TemporaryDirectory(prefix: "gpioagg-kept")
        #expect(StateDirectory.isUsableDirectory(directory.path))
        #expect(StateDirectory.isUsableDirectory(directory.file("new")))
        #expect(!StateDirectory.isUsableDirectory(directory.file("new/deeper")))
        try directory.write([], to: "file")
        #expect(!StateDirectory.isUsableDirectory(directory.file("file")))
    }
}

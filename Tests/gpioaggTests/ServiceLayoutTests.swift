import Foundation
import Testing

/// The daemon's shape, read from its sources: the lifecycle in `Daemon.swift`, and
/// services that are handed what they need rather than a pointer back to the daemon.
@Suite("The daemon as services")
struct ServiceLayoutTests {
    static let service = MakefileTests.root + "/Sources/Service"

    /// Every Swift file under Sources/Service, by its path there.
    static func sources() throws -> [String: String] {
        let files = try #require(FileManager.default.enumerator(atPath: service)?.allObjects as? [String])
        var texts: [String: String] = [:]
        for file in files where file.hasSuffix(".swift") {
            texts[file] = try String(contentsOfFile: service + "/" + file, encoding: .utf8)
        }
        return texts
    }

    @Test("no type but the daemon's own holds the daemon: services are handed the engine, the loop or a closure")
    func noPointerBackToTheDaemon() throws {
        let sources = try Self.sources()
        #expect(sources.count > 10)
        let holding = try Regex(#"(let|var)\s+\w+\s*:\s*Daemon\b(?!\.)"#)
        for (file, text) in sources where !(file.hasPrefix("Daemon.") || file.hasPrefix("Daemon+")) {
            #expect(!text.contains("unowned let daemon"), "\(file) holds an unowned daemon")
            #expect(text.firstMatch(of: holding) == nil, "\(file) holds a Daemon")
            #expect(!text.contains("(daemon: Daemon"), "\(file) is made with the daemon")
        }
    }

    @Test("Daemon.swift keeps the lifecycle only: under 300 lines")
    func daemonIsSmall() throws {
        let text = try #require(try Self.sources()["Daemon.swift"])
        let lines = text.filter { $0 == "\n" }.count
        #expect(lines < 300, "Daemon.swift has \(lines) lines")
    }
}

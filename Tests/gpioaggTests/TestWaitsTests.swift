import Foundation
import Testing

/// The MQTT tests (the client's, the bridge's, the daemon's on a broker, remote inputs'
/// trust) and the sensor tests (the reader's, the daemon's) wait for what they need to have happened, polled up to a generous limit, never
/// for a fixed time: a sleep long enough on an idle machine is too short on a loaded one,
/// and wasted on a fast one. Read from the sources.
@Suite("The MQTT and sensor tests wait for conditions, not for time")
struct TestWaitsTests {
    static let files: [String] = {
        let root = MakefileTests.root
        let folders = ["Tests/MQTTTests", "Tests/SensorsTests", "Tests/gpioaggTests", "Tests/ServiceTests", "Sources/MosquittoTesting"]
        return folders.flatMap { folder in
            ((try? FileManager.default.subpathsOfDirectory(atPath: root + "/" + folder)) ?? [])
                .filter { $0.hasSuffix(".swift") }
                .map { folder + "/" + $0 }
        }.filter { path in
            let name = (path as NSString).lastPathComponent
            return path.hasPrefix("Tests/MQTTTests/") || path.hasPrefix("Tests/SensorsTests/")
                || path.hasPrefix("Sources/MosquittoTesting/")
                || name.hasPrefix("MQTT") || name.hasPrefix("RemoteInput") || name.hasPrefix("Sensor")
        }.sorted()
    }()

    /// The sleeps in `text` that no polling loop holds: each one's line number and text.
    /// A `while` or `repeat`-`while` loop polls (it ends on a condition, and its sleep only
    /// paces the checks); a sleep alone, or in a loop that counts, waits a fixed time.
    static func fixedSleeps(in text: String) throws -> [(line: Int, text: String)] {
        let sleep = try Regex(#"\b(usleep|sleep|nanosleep)\(|Thread\.sleep\(|Task\.sleep\("#)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var open: [Int] = []  // the line that opened each enclosing block
        var found: [(line: Int, text: String)] = []
        for (index, line) in lines.enumerated() {
            let code = line.components(separatedBy: "//")[0]
            if code.contains(sleep) {
                let polled = (open + [index]).contains { opener in
                    let head = lines[opener].trimmingCharacters(in: .whitespaces)
                    return head.hasPrefix("while ") || head.hasPrefix("repeat ") || head.contains(" while ")
                }
                if !polled { found.append((index + 1, line.trimmingCharacters(in: .whitespaces))) }
            }
            for character in code {
                if character == "{" { open.append(index) }
                if character == "}", !open.isEmpty { open.removeLast() }
            }
        }
        return found
    }

    @Test("the rule has teeth: a sleep alone is found, a sleep in a loop to a deadline is not")
    func ruleFindsFixedSleeps() throws {
        #expect(try Self.fixedSleeps(in: "broker.stop()\nusleep(2_000_000)\ntry broker.start()").map(\.line) == [2])
        #expect(try Self.fixedSleeps(in: "for _ in 0..<8 {\n    check()\n    usleep(500_000)\n}").map(\.line) == [3])
        #expect(try Self.fixedSleeps(in: """
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if done() { break }
                usleep(50_000)
            }
            while !ready(), Date() < deadline { usleep(10_000) }
            repeat {
                check()
                usleep(50_000)
            } while !done()
            """).isEmpty)
    }

    @Test("the MQTT, remote input and sensor tests hold no fixed sleep")
    func noFixedSleeps() throws {
        #expect(Self.files.count > 20, "\(Self.files)")
        for file in Self.files {
            let text = try String(contentsOfFile: MakefileTests.root + "/" + file, encoding: .utf8)
            for sleep in try Self.fixedSleeps(in: text) {
                Issue.record("\(file):\(sleep.line): \(sleep.text) waits a fixed time: poll for what it waits for, up to a generous limit")
            }
        }
    }
}

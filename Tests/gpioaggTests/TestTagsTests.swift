import Foundation
import Testing

/// `make check` leaves out the suites that start the built gpioagg, a mosquitto broker or
/// Home Assistant: each carries the tag that says so (`.binary`, `.broker`,
/// `.homeAssistant`), and the Makefile names the tagged suites in `--skip`, as Swift
/// 6.3's `swift test` selects tests by name only. Read from the sources, so that a new
/// suite that starts one of them and has no tag, or a tag the Makefile does not know,
/// fails here instead of slowing `make check` down unseen.
@Suite("make check and the test tags")
struct TestTagsTests {
    /// What in a suite's code starts what each tag stands for. (`RunningProduct(shell:)`
    /// starts the binary through BuiltProducts; alone it may run anything, as `swift package`.)
    /// Each spelled in two pieces, so that this file does not match itself.
    static let marks: [(tag: String, calls: [String])] = [
        ("binary", ["RunningProduct" + "(\"", "runProduct" + "(", "BuiltProducts" + ".", "Tests.start" + "("]),
        ("broker", ["TestBroker" + "(", "Observer" + "("]),
        ("homeAssistant", ["SchemaValidator.run" + "("]),
    ]

    struct FoundSuite: Hashable {
        let target: String
        let name: String
        var tags: Set<String> = []
        /// The tags its code calls for.
        var needs: Set<String> = []
        var files: Set<String> = []

        /// As `swift test --skip` matches it: the id of every test in the suite begins so.
        var skip: String { "\(target).\(name)/" }
    }

    /// A run of top-level code: a type or an extension, with the `@Suite` before it.
    private struct Region {
        var owner: String?
        var isSuite = false
        var isExtension = false
        var attributes = ""
        var text = ""
    }

    /// Every suite under Tests/, with its tags and the tags its code needs.
    static func suites() throws -> [FoundSuite] {
        let declaration = try Regex(#"^(?:(?:private|fileprivate|internal|public)\s+)?(?:final\s+)?(struct|class|enum|actor|extension)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        let suiteOnOneLine = try Regex(#"\b(?:struct|class|enum|actor)\s+([A-Za-z_][A-Za-z0-9_]*)\s*\{"#)
        let tagList = try Regex(#"\.tags\(([^)]*)\)"#)
        let tagName = try Regex(#"\.([A-Za-z_][A-Za-z0-9_]*)"#)
        var found: [String: FoundSuite] = [:]
        var declared: Set<String> = []
        let tests = MakefileTests.root + "/Tests"
        for file in try FileManager.default.subpathsOfDirectory(atPath: tests).sorted() where file.hasSuffix(".swift") {
            let target = String(file.split(separator: "/")[0])
            let text = try String(contentsOfFile: tests + "/" + file, encoding: .utf8)
            var regions: [Region] = []
            var inAttribute = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("@Suite") {
                    // `@Suite struct Name {` names its type on the same line.
                    let name = line.firstMatch(of: suiteOnOneLine).map { String($0.output[1].substring ?? "") }
                    regions.append(Region(owner: name, isSuite: true))
                    inAttribute = name == nil
                } else if let match = line.firstMatch(of: declaration) {
                    let name = String(match.output[2].substring ?? "")
                    if inAttribute, regions.last?.owner == nil {
                        regions[regions.count - 1].owner = name
                    } else {
                        regions.append(Region(owner: name, isExtension: match.output[1].substring == "extension"))
                    }
                    inAttribute = false
                }
                guard !regions.isEmpty else { continue }
                if inAttribute || line.hasPrefix("@Suite") { regions[regions.count - 1].attributes += line + "\n" }
                regions[regions.count - 1].text += line + "\n"
            }
            let suitesHere = Set(regions.filter(\.isSuite).compactMap(\.owner))
            // Code outside any suite or extension of one (a helper type) serves the file's suites.
            let helpers = regions.filter { !$0.isSuite && !suitesHere.contains($0.owner ?? "") }
                .map(\.text).joined()
            for region in regions {
                guard let owner = region.owner else { continue }
                let key = target + "." + owner
                var suite = found[key] ?? FoundSuite(target: target, name: owner)
                if region.isSuite {
                    for list in region.attributes.matches(of: tagList) {
                        for tag in String(list.output[1].substring ?? "").matches(of: tagName) {
                            suite.tags.insert(String(tag.output[1].substring ?? ""))
                        }
                    }
                    suite.needs.formUnion(needs(region.text + helpers))
                } else {
                    suite.needs.formUnion(needs(region.text))
                }
                suite.files.insert(file)
                found[key] = suite
            }
            // A type with tests and no @Suite is a suite too.
            for region in regions where region.isSuite || (!region.isExtension && region.text.contains("@Test")) {
                if let owner = region.owner { declared.insert(target + "." + owner) }
            }
        }
        // Extensions of types that are no suite (helpers) are left out.
        return found.filter { declared.contains($0.key) }.values
            .sorted { ($0.target, $0.name) < ($1.target, $1.name) }
    }

    static func needs(_ code: String) -> Set<String> {
        Set(marks.filter { mark in mark.calls.contains { code.contains($0) } }.map(\.tag))
    }

    /// The `--skip` patterns of `make check`'s test run.
    static func skipped() throws -> Set<String> {
        let commands = try MakefileTests.dryRun("check", ["SWIFT=swift-for-test"])
        let run = commands.filter { $0.contains("swift-for-test test ") }
        #expect(run.count == 1, "\(commands)")
        let skip = try Regex(#"--skip '([^']+)'"#)
        return Set(run.flatMap { $0.matches(of: skip).map { String($0.output[1].substring ?? "") } })
    }

    @Test("a suite that starts the built gpioagg, a broker or Home Assistant carries the tag that says so")
    func startersAreTagged() throws {
        let suites = try Self.suites()
        #expect(suites.count > 100, "the sources were read: \(suites.count) suites")
        for suite in suites {
            #expect(suite.needs.isSubset(of: suite.tags),
                    "\(suite.target).\(suite.name) (\(suite.files.sorted())) starts what .\(suite.needs.subtracting(suite.tags).sorted().joined(separator: ", .")) stands for: add .tags(...) to its @Suite")
        }
        // The tags mean something: the daemon's own tests start it, the client's broker tests a broker.
        let tags = { (id: String) in suites.first { "\($0.target).\($0.name)" == id }?.tags ?? [] }
        #expect(tags("gpioaggTests.DaemonTests") == ["binary"])
        #expect(tags("MQTTTests.BrokerMessagingTests") == ["broker"])
        #expect(tags("HomeAssistantTests.HomeAssistantSchemaTests") == ["homeAssistant"])
        #expect(tags("ServiceTests.DaemonTests").isEmpty, "the daemon in virtual time starts nothing")
    }

    @Test("make check skips exactly the tagged suites, and every other test runs")
    func checkSkipsTheTaggedSuites() throws {
        let tagged = Set(try Self.suites().filter { !$0.tags.isDisjoint(with: Self.marks.map(\.tag)) }.map(\.skip))
        let skipped = try Self.skipped()
        #expect(skipped.subtracting(tagged).isEmpty, "skipped but not tagged (add the tag, or drop it from the Makefile's CHECK_SKIP): \(skipped.subtracting(tagged).sorted())")
        #expect(tagged.subtracting(skipped).isEmpty, "tagged but not skipped (add it to the Makefile's CHECK_SKIP): \(tagged.subtracting(skipped).sorted())")
    }

    @Test("make check builds the tests incrementally in .build, as make test does; make test skips nothing")
    func checkBuildsAndTestRunsAll() throws {
        let check = try MakefileTests.dryRun("check", ["SWIFT=swift-for-test"])
        let build = check.firstIndex(of: "swift-for-test build --build-tests --scratch-path .build")
        let run = check.firstIndex { $0.contains("swift-for-test test --skip-build --disable-xctest --scratch-path .build ") }
        #expect(build != nil && run != nil && build! < run!, "\(check)")
        let all = try MakefileTests.dryRun("test", ["SWIFT=swift-for-test"])
        #expect(!all.contains { $0.contains("--skip ") }, "\(all)")
    }
}

import Config
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Alias bombs, deep nesting and huge files fail fast")
struct AliasBombTests {
    /// The classic: nine levels of nine aliases, 9^9 (387 million) "lol"s when expanded.
    static let billionLaughs: String = {
        var lines = ["lol0: &lol0 lol", "lol1: &lol1 [*lol0, *lol0, *lol0, *lol0, *lol0, *lol0, *lol0, *lol0, *lol0]"]
        for level in 2...9 {
            let alias = "*lol\(level - 1)"
            lines.append("lol\(level): &lol\(level) [" + Array(repeating: alias, count: 9).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    private func seconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test("billion laughs is refused at its first anchor, well under a second")
    func billionLaughs() {
        var errors: [ConfigError] = []
        let elapsed = seconds { errors = ConfigFixture.errors(Self.billionLaughs) }
        #expect(elapsed < 0.5)
        #expect(errors.count == 10)   // one per anchor, none per alias
        #expect(errors.first?.description == """
            test.yaml:1:7: error: anchors and aliases are not supported (&lol0)
            hint: write the value out in full wherever it is used
            """)
    }

    @Test("an alias used as a mapping key is refused as fast")
    func aliasAsKey() {
        var errors: [ConfigError] = []
        let elapsed = seconds { errors = ConfigFixture.errors(Self.billionLaughs + "? *lol9\n: boom\n*lol8 : boom\n") }
        #expect(elapsed < 0.5)
        #expect(errors.allSatisfy { $0.message.hasPrefix("anchors and aliases are not supported") })
    }

    @Test("aliases without anchors are refused by name")
    func aliasWithoutAnchor() {
        let errors = ConfigFixture.errors(ConfigFixture.chipsAndInputs + "signals:\n  s: { all: *switches }\n")
        #expect(errors.map(\.message) == ["anchors and aliases are not supported (*switches)"])
        #expect(errors.first?.location == ConfigFixture.location(7, 13))
    }

    @Test("& and * inside scalars and comments are text, not anchors", arguments: [
        "label: R&D",
        "label: a &b",
        "label: '&b'",
        "label: \"*b\"",
        "label: x # &b",
        "label: x*y",
    ])
    func notAnchors(locator: String) throws {
        let configuration = try ConfigFixture.parse("chips:\n  main:\n    \(locator)\ninputs:\n  a: { chip: main, line: 1 }\n")
        #expect(configuration.chips.count == 1)
    }

    @Test("collections nested too deep are refused where they pass the limit, with nothing read past it", arguments: [
        String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000),
        String(repeating: "- ", count: 5000) + "x",
        (0..<200).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n"),
    ])
    func tooDeep(text: String) {
        var errors: [ConfigError] = []
        let elapsed = seconds { errors = ConfigFixture.errors(text) }
        #expect(elapsed < 0.5)
        #expect(errors.map(\.message) == ["nested more than 32 levels deep"])
    }

    @Test("text over 1 MiB is refused before it is parsed")
    func tooLarge() {
        let text = "# " + String(repeating: "x", count: ConfigLoader.maximumBytes) + "\n"
        var errors: [ConfigError] = []
        let elapsed = seconds { errors = ConfigFixture.errors(text) }
        #expect(elapsed < 0.5)
        #expect(errors.map(\.description) == [
            "test.yaml: error: the config file is larger than 1 MiB\nhint: a gpioagg config is a few kilobytes; is this the right file?",
        ])
    }

    @Test("a file over 1 MiB is refused before it is read")
    func tooLargeFile() throws {
        let path = "/tmp/gpioagg-config-large-\(getpid()).yaml"
        let file = try #require(fopen(path, "w"))
        defer { unlink(path) }
        fseek(file, ConfigLoader.maximumBytes, SEEK_SET)
        fputs("\n", file)
        fclose(file)
        #expect(throws: ConfigErrors([ConfigError(
            location: Config.SourceLocation(file: path, line: 0, column: 0),
            message: "the config file is larger than 1 MiB",
            hint: "a gpioagg config is a few kilobytes; is this the right file?")])) {
            try ConfigLoader.load(path: path)
        }
    }
}

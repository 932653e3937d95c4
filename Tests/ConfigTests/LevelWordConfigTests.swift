import Config
import Testing

/// A config file takes the one vocabulary of level words (`LevelWord`): what
/// `gpioagg sim set`, line commands and MQTT payloads take too.
@Suite("Level words in a config file")
struct LevelWordConfigTests {
    @Test("initial: and safe: take on, true and 1, off, false and 0, in any case", arguments: [
        ("on", true), ("ON", true), ("true", true), ("True", true), ("1", true),
        ("off", false), ("Off", false), ("false", false), ("FALSE", false), ("0", false),
    ])
    func outputs(word: String, level: Bool) throws {
        let text = ConfigFixture.chipsAndInputs
            + "outputs:\n  led: { chip: main, line: 5, follows: a, initial: \(word), safe: \(word) }\n"
        let output = try #require(try ConfigFixture.parse(text).outputs.first)
        #expect(output.initial == level)
        #expect(output.safe == level)
    }

    @Test("a command input's command:, initial: and persist: take them too")
    func commandInput() throws {
        let text = ConfigFixture.chipsAndInputs + "  override: { command: 1, initial: TRUE, persist: 0 }\n"
        let input = try #require(try ConfigFixture.parse(text).commandInputs.first)
        #expect(input.initial == true)
        #expect(input.persist == false)
    }

    @Test("a word that only means a level is refused with the level word of its meaning")
    func synonym() {
        ConfigFixture.expectRefused(ConfigFixture.chipsAndInputs
            + "outputs:\n  led: { chip: main, line: 5, follows: a, safe: disabled }\n",
            at: 7, 49, "unknown value 'disabled' for safe: in output 'led'",
            hint: "'disabled' means off: write safe: off (a level is one of on, off, true, false, 1, 0)")
    }

    @Test("a misspelt level gets a guess only when every near level word means the same level", arguments: [
        ("tru", "did you mean 'true'? (a level is one of on, off, true, false, 1, 0)"),
        ("of", "a level is one of on, off, true, false, 1, 0"),
        ("onn", "a level is one of on, off, true, false, 1, 0"),
        ("2", "a level is one of on, off, true, false, 1, 0"),
    ])
    func spelling(word: String, hint: String) {
        let errors = ConfigFixture.errors(ConfigFixture.chipsAndInputs
            + "outputs:\n  led: { chip: main, line: 5, follows: a, safe: \(word) }\n")
        #expect(errors.map(\.hint) == [hint])
    }
}

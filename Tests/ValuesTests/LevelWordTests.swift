import Testing
import Values

@Suite("Level words")
struct LevelWordTests {
    @Test("on, true and 1 mean on; off, false and 0 mean off; in any ASCII case", arguments: [
        ("on", true), ("ON", true), ("On", true), ("true", true), ("TRUE", true), ("True", true), ("1", true),
        ("off", false), ("OFF", false), ("oFF", false), ("false", false), ("FALSE", false), ("0", false),
    ])
    func words(word: String, level: Bool) {
        #expect(LevelWord.level(of: word) == level)
        #expect(LevelWord.meaning(of: word) == level)
        #expect(LevelWord.meaningHint(for: word) == nil, "a level word needs no hint")
    }

    @Test("the table: every word once, the on words and the off words apart")
    func table() {
        #expect(LevelWord.on == ["on", "true", "1"])
        #expect(LevelWord.off == ["off", "false", "0"])
        #expect(Set(LevelWord.all) == Set(LevelWord.on + LevelWord.off) && LevelWord.all.count == 6)
        #expect(LevelWord.listed == "on, off, true, false, 1, 0")
    }

    @Test("a level is shown as on or off, and only those two read back as shown")
    func shown() {
        #expect(LevelWord.word(for: true) == "on")
        #expect(LevelWord.word(for: false) == "off")
        for level in [true, false] {
            #expect(LevelWord.level(of: LevelWord.word(for: level)) == level)
            #expect(LevelWord.level(ofShown: LevelWord.word(for: level)) == level)
        }
        for word in ["ON", "Off", "true", "false", "1", "0", "yes", "", " on"] {
            #expect(LevelWord.level(ofShown: word) == nil, "'\(word)' is not how a level is shown")
        }
    }

    @Test("words that mean a level but are not level words: no level, a hint by meaning", arguments: [
        ("yes", true, "'yes' means on: write on"), ("Y", true, "'Y' means on: write on"),
        ("high", true, "'high' means on: write on"), ("enabled", true, "'enabled' means on: write on"),
        ("no", false, "'no' means off: write off"), ("LOW", false, "'LOW' means off: write off"),
        ("disable", false, "'disable' means off: write off"), ("inactive", false, "'inactive' means off: write off"),
    ])
    func synonyms(word: String, meaning: Bool, hint: String) {
        #expect(LevelWord.level(of: word) == nil)
        #expect(LevelWord.meaning(of: word) == meaning)
        #expect(LevelWord.meaningHint(for: word) == hint)
    }

    @Test("the hint names the key the level goes after")
    func hintWithKey() {
        #expect(LevelWord.meaningHint(for: "no", key: "safe:") == "'no' means off: write safe: off")
    }

    @Test("anything else means nothing", arguments: ["", " on", "on ", "2", "-1", "01", "O N", "ＯＮ", "ı", "maybe", "toggle"])
    func others(word: String) {
        #expect(LevelWord.level(of: word) == nil)
        #expect(LevelWord.meaning(of: word) == nil)
        #expect(LevelWord.meaningHint(for: word) == nil)
    }
}

import Testing
import Values

@Suite("Set commands")
struct SetCommandTests {
    @Test("the level words and toggle, in any ASCII case", arguments: [
        ("on", SetCommand.on), ("ON", .on), ("true", .on), ("True", .on), ("1", .on),
        ("off", .off), ("OFF", .off), ("false", .off), ("0", .off),
        ("toggle", .toggle), ("TOGGLE", .toggle), ("ToGgLe", .toggle),
    ])
    func words(word: String, command: SetCommand) {
        #expect(SetCommand(word) == command)
    }

    @Test("anything else is nil: synonyms of a level, spaces (a payload trims them first), other scripts",
          arguments: ["", "yes", "no", "high", "toggled", " on", "on ", "ＯＮ", "tоggle"])
    func refused(word: String) {
        #expect(SetCommand(word) == nil)
    }

    @Test("the control protocol's words are the raw values, in lowercase only")
    func rawValues() {
        #expect(SetCommand.allCases.map(\.rawValue) == ["on", "off", "toggle"])
        #expect(SetCommand(rawValue: "TOGGLE") == nil)
        #expect(SetCommand(rawValue: "true") == nil)
    }

    @Test("the words a refusal lists are all taken")
    func listed() {
        #expect(SetCommand.words == "ON, OFF, TOGGLE (or true, false, 1, 0)")
        for word in ["ON", "OFF", "TOGGLE", "true", "false", "1", "0"] { #expect(SetCommand(word) != nil) }
    }
}

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
        #expect(SetCommand.allCases.map(\.rawValue) == ["on", "off", "toggle", "press"])
        #expect(SetCommand(rawValue: "TOGGLE") == nil)
        #expect(SetCommand(rawValue: "true") == nil)
    }

    @Test("the words a refusal lists are all taken")
    func listed() {
        #expect(SetCommand.words == "ON, OFF, TOGGLE (or true, false, 1, 0)")
        for word in ["ON", "OFF", "TOGGLE", "true", "false", "1", "0"] { #expect(SetCommand(word) != nil) }
    }
}

@Suite("SetCommand: press")
struct SetCommandPressTests {
    @Test("press in any ASCII case is a press; a pressed input takes only it, an input with a level everything else")
    func press() {
        for word in ["press", "PRESS", "Press"] { #expect(SetCommand(word) == .press) }
        #expect(SetCommand(rawValue: "press") == .press)
        #expect(SetValue("PRESS") == .command(.press))
        #expect(SetCommand.press.applies(toMomentary: true))
        for command in [SetCommand.on, .off, .toggle] {
            #expect(!command.applies(toMomentary: true))
            #expect(command.applies(toMomentary: false))
        }
        #expect(!SetCommand.press.applies(toMomentary: false))
        #expect(SetCommand.takes(momentary: true, name: "gate_open") == "'gate_open' is pressed (command: press): write press")
        #expect(SetCommand.takes(momentary: false, name: "light") == "'light' is on or off: write on, off or toggle")
    }
}

import HomeAssistant
import Testing
import Values

@Suite("Command payloads")
struct SetCommandPayloadTests {
    @Test("ON, OFF and TOGGLE in any case, with spaces and line ends around them", arguments: [
        ("ON", SetCommand.on), ("on", .on), (" On\r\n", .on), ("OFF", .off), ("\toff\n", .off),
        ("TOGGLE", .toggle), ("toggle", .toggle), ("Toggle\r\n", .toggle),
    ])
    func words(payload: String, expected: SetCommand) {
        #expect(SetCommand(payload: payload) == expected)
    }

    @Test("every level word is a command: true and 1 set on, false and 0 set off", arguments: [
        ("1", SetCommand.on), ("true", .on), ("TRUE", .on), (" 1\n", .on),
        ("0", .off), ("false", .off), ("False\r\n", .off),
    ])
    func levelWords(payload: String, expected: SetCommand) {
        #expect(SetCommand(payload: payload) == expected)
    }

    @Test("anything else is nil: words that only mean a level, such as yes, are not commands",
          arguments: ["", " ", "2", "yes", "no", "high", "TOGGLED", "O N", "ＯＮ", "on off"])
    func unknown(payload: String) {
        #expect(SetCommand(payload: payload) == nil)
    }

    @Test("the words a refusal lists are the ones taken")
    func listed() {
        #expect(SetCommand.words == "ON, OFF, TOGGLE (or true, false, 1, 0)")
        for word in ["ON", "OFF", "TOGGLE", "true", "false", "1", "0"] { #expect(SetCommand(payload: word) != nil) }
    }
}

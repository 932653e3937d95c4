import HomeAssistant
import Testing

@Suite("Command payloads")
struct CommandPayloadTests {
    @Test("ON, OFF and TOGGLE in any case, with spaces and line ends around them", arguments: [
        ("ON", CommandPayload.on), ("on", .on), (" On\r\n", .on), ("OFF", .off), ("\toff\n", .off),
        ("TOGGLE", .toggle), ("toggle", .toggle), ("Toggle\r\n", .toggle),
    ])
    func words(payload: String, expected: CommandPayload) {
        #expect(CommandPayload(payload) == expected)
    }

    @Test("anything else is nil: levels such as 1 or true are not commands",
          arguments: ["", " ", "1", "0", "true", "false", "TOGGLED", "O N", "ＯＮ", "on off"])
    func unknown(payload: String) {
        #expect(CommandPayload(payload) == nil)
    }
}

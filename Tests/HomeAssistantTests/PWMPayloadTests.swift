import HomeAssistant
import Testing
import Values

@Suite("PWM command payloads")
struct PWMPayloadTests {
    @Test("a decimal number is a duty cycle in percent, 1 and 0 among them, with spaces and line ends around it", arguments: [
        ("40", 40.0), ("40.5", 40.5), (" 100\r\n", 100), ("0", 0), ("1", 1), ("0.1", 0.1), ("-3", -3), ("150", 150),
    ])
    func numbers(payload: String, expected: Double) {
        #expect(SetValue(pwmPayload: payload) == .number(expected))
    }

    @Test("ON, OFF, TOGGLE and the other level words in any case are commands", arguments: [
        ("ON", SetCommand.on), ("on", .on), (" On\n", .on), ("OFF", .off), ("off\r\n", .off), ("TOGGLE", .toggle),
        ("toggle", .toggle), ("true", .on), ("FALSE", .off),
    ])
    func words(payload: String, expected: SetCommand) {
        #expect(SetValue(pwmPayload: payload) == .command(expected))
    }

    @Test("anything else is nil: PRESS, a cover's words, junk", arguments: [
        "", " ", "PRESS", "press", "OPEN", "stop", "yes", "40%", "4 0", "nan", "inf", "0x10", "40,5", #"{"brightness":40}"#,
    ])
    func refused(payload: String) {
        #expect(SetValue(pwmPayload: payload) == nil)
    }

    @Test("what Home Assistant's light, fan and number send reads as what they mean")
    func homeAssistantPayloads() {
        // A light dimmed to 40 % (brightness 102 of 255 at a scale of 100), its lowest (1) and off.
        #expect(SetValue(pwmPayload: "40") == .number(40))
        #expect(SetValue(pwmPayload: "1") == .number(1))
        #expect(SetValue(pwmPayload: "OFF") == .off)
        // A fan turned on at 70 %: ON, then 70.
        #expect(SetValue(pwmPayload: "ON") == .on)
        #expect(SetValue(pwmPayload: "70") == .number(70))
        // A number set to 40.5 (a step below 1 sends decimals).
        #expect(SetValue(pwmPayload: "40.5") == .number(40.5))
    }
}

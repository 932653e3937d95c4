import HomeAssistant
import Testing

@Suite("Remote input payloads")
struct RemoteInputPayloadTests {
    @Test("the built-in words, in any case, with spaces and line ends around them", arguments: [
        ("ON", true), ("on", true), ("On", true), ("true", true), ("TRUE", true), ("1", true), (" ON\n", true),
        ("OFF", false), ("off", false), ("False", false), ("0", false), ("\tOFF\r\n", false),
    ])
    func builtIn(payload: String, expected: Bool) {
        #expect(RemoteInputPayload().level(of: payload) == expected)
        #expect(RemoteInputPayload().level(of: Array(payload.utf8)) == expected)
    }

    @Test("anything else is nil", arguments: ["", " ", "2", "yes", "O N", "ONN", "-1", "01", "ＯＮ", "on off"])
    func unknown(payload: String) {
        #expect(RemoteInputPayload().level(of: payload) == nil)
    }

    @Test("the config's words, exactly as written, first")
    func overrides() {
        let payload = RemoteInputPayload(payloadOn: "OPEN", payloadOff: "CLOSED")
        #expect(payload.level(of: "OPEN") == true)
        #expect(payload.level(of: "CLOSED") == false)
        #expect(payload.level(of: "open") == nil)
        #expect(payload.level(of: "ON") == true)
        #expect(payload.level(of: " CLOSED\n") == false)
    }

    @Test("an inverted device: its words win over the built-in ones")
    func inverted() {
        let payload = RemoteInputPayload(payloadOn: "0", payloadOff: "1")
        #expect(payload.level(of: "0") == true)
        #expect(payload.level(of: "1") == false)
        #expect(payload.level(of: "off") == false)
    }

    @Test("one override alone")
    func oneOverride() {
        let payload = RemoteInputPayload(payloadOn: "pressed")
        #expect(payload.level(of: "pressed") == true)
        #expect(payload.level(of: "OFF") == false)
    }

    @Test("bytes that are not UTF-8 are nil, not a near match")
    func invalidUTF8() {
        #expect(RemoteInputPayload().level(of: [0x4F, 0x4E, 0xFF]) == nil)
        #expect(RemoteInputPayload(payloadOn: "\u{FFFD}").level(of: [0xFF]) == nil)
        #expect(RemoteInputPayload().level(of: [UInt8]()) == nil)
    }
}

import Control
import Testing
import Values

/// Numbers on the control socket: `set` and `sim set` with a number, `sim set` with
/// unavailable, and the reply that gives a numeric input's new value.
@Suite("Numbers on the control socket")
struct ControlNumberTests {
    @Test("set sends a command as a word and a number as a JSON number", arguments: [
        (ControlRequest.set(name: "override", value: .on), #"{"op":"set","name":"override","value":"on"}"#),
        (.set(name: "override", value: .toggle), #"{"op":"set","name":"override","value":"toggle"}"#),
        (.set(name: "pump", value: .auto), #"{"op":"set","name":"pump","value":"auto"}"#),
        (.set(name: "setpoint", value: .number(21.5)), #"{"op":"set","name":"setpoint","value":21.5}"#),
        (.set(name: "setpoint", value: .number(-3)), #"{"op":"set","name":"setpoint","value":-3}"#),
        (.set(name: "override", value: .number(1)), #"{"op":"set","name":"override","value":1}"#),
        (.set(name: "garage_door", value: .cover(.open)), #"{"op":"set","name":"garage_door","value":"open"}"#),
        (.set(name: "blinds", value: .cover(.stop)), #"{"op":"set","name":"blinds","value":"stop"}"#),
    ])
    func setEncodes(request: ControlRequest, expected: String) throws {
        #expect(request.encoded() == expected)
        #expect(try ControlRequest(decoding: expected) == request)
    }

    @Test("sim set sends a number as a JSON number and unavailable as null", arguments: [
        (ControlRequest.sim(name: "t_north", action: .number(27.5)),
         #"{"op":"sim","action":"set","name":"t_north","value":27.5}"#),
        (.sim(name: "t_north", action: .unavailable), #"{"op":"sim","action":"set","name":"t_north","value":null}"#),
        (.sim(name: "t_north", action: .number(0), wait: false),
         #"{"op":"sim","action":"set","name":"t_north","value":0,"wait":false}"#),
    ])
    func simEncodes(request: ControlRequest, expected: String) throws {
        #expect(request.encoded() == expected)
        #expect(try ControlRequest(decoding: expected) == request)
    }

    @Test("a value that is neither is refused, saying what it may be", arguments: [
        (#"{"op":"set","name":"s"}"#, #"a set request needs "value": "on", "off", "toggle", "auto", "open", "close", "stop" or a number"#),
        (#"{"op":"set","name":"s","value":"1"}"#, #""value" must be "on", "off", "toggle", "auto", "open", "close", "stop" or a number, not '1'"#),
        (#"{"op":"set","name":"s","value":true}"#, #""value" must be "on", "off", "toggle", "auto", "open", "close", "stop" or a number, not a boolean"#),
        (#"{"op":"set","name":"s","value":null}"#, #""value" must be "on", "off", "toggle", "auto", "open", "close", "stop" or a number, not null"#),
        (#"{"op":"sim","action":"set","name":"s","value":"27.5"}"#,
         #""value" must be true, false, a number or null, not a string"#),
    ])
    func refused(line: String, message: String) {
        do {
            let request = try ControlRequest(decoding: line)
            Issue.record("accepted as \(request)")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test("the reply to a numeric set: the value at its precision, its unit, null for unavailable", arguments: [
        (ControlReply.value(.number(21.5, "°C"), precision: 2), #"{"ok":true,"value":21.5,"unit":"°C"}"#),
        (.value(.number(21.456, "°C"), precision: 1), #"{"ok":true,"value":21.5,"unit":"°C","precision":1}"#),
        (.value(.number(3, .none), precision: 2), #"{"ok":true,"value":3}"#),
        (.value(.unavailable, precision: 2), #"{"ok":true,"value":null}"#),
    ])
    func valueReply(reply: ControlReply, expected: String) throws {
        #expect(reply.encoded() == expected)
        let decoded = try ControlReply(decoding: expected)
        guard case .value(let value, let precision) = reply, case .value(let back, let places) = decoded else {
            Issue.record("decoded as \(decoded)")
            return
        }
        #expect(places == precision)
        #expect(back.text(precision: places) == value.text(precision: precision))
    }

    @Test("sim set words: a number, unavailable, a level word; numbers 1 and 0 act on a level as on and off")
    func simSetting() {
        #expect(SimAction(setting: "27.5") == .number(27.5))
        #expect(SimAction(setting: "Unavailable") == .unavailable)
        #expect(SimAction(setting: "off") == .set(false))
        #expect(SimAction(setting: "1") == .number(1) && SimAction.number(1).forLevel == .set(true))
        #expect(SimAction.number(0).forLevel == .set(false))
        #expect(SimAction.number(27.5).forLevel == nil && SimAction.unavailable.forLevel == nil)
        #expect(SimAction(setting: "toggle") == nil && SimAction(setting: "inf") == nil)
    }
}

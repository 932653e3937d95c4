import Control
import Testing

@Suite("Control requests")
struct ControlRequestTests {
    private func decode(_ line: String) throws(ControlError) -> ControlRequest {
        try ControlRequest(decoding: line)
    }

    private func failure(_ line: String) -> ControlError? {
        do {
            let request = try decode(line)
            Issue.record("accepted as \(request): \(line)")
            return nil
        } catch {
            return error
        }
    }

    @Test("every op and action decodes", arguments: [
        (#"{"op":"status"}"#, ControlRequest.status),
        (#"{"op":"sim","action":"set","name":"switch1","value":true}"#, .sim(name: "switch1", action: .set(true))),
        (#"{"op":"sim","action":"set","name":"switch1","value":false}"#, .sim(name: "switch1", action: .set(false))),
        (#"{"op":"sim","action":"toggle","name":"switch1"}"#, .sim(name: "switch1", action: .toggle)),
        (#"{"op":"sim","action":"pulse","name":"switch1","ms":50}"#,
         .sim(name: "switch1", action: .pulse(.milliseconds(50)))),
        (#"{"op":"sim","action":"pulse","name":"switch1","ms":0.5}"#,
         .sim(name: "switch1", action: .pulse(.microseconds(500)))),
        (#" { "name" : "s" , "ms" : 3600000 , "action" : "pulse" , "op" : "sim" } "#,
         .sim(name: "s", action: .pulse(.seconds(3600)))),
    ])
    func decodes(line: String, expected: ControlRequest) throws {
        #expect(try decode(line) == expected)
    }

    @Test("encodes one line that decodes to the same request", arguments: [
        (ControlRequest.status, #"{"op":"status"}"#),
        (.sim(name: "switch1", action: .set(true)), #"{"op":"sim","action":"set","name":"switch1","value":true}"#),
        (.sim(name: "switch1", action: .toggle), #"{"op":"sim","action":"toggle","name":"switch1"}"#),
        (.sim(name: "switch1", action: .pulse(.milliseconds(50))), #"{"op":"sim","action":"pulse","name":"switch1","ms":50}"#),
        (.sim(name: "switch1", action: .pulse(.microseconds(1500))), #"{"op":"sim","action":"pulse","name":"switch1","ms":1.5}"#),
        (.sim(name: "switch1", action: .pulse(.microseconds(1))), #"{"op":"sim","action":"pulse","name":"switch1","ms":0.001}"#),
        (.sim(name: "a \"b\"\n", action: .toggle), #"{"op":"sim","action":"toggle","name":"a \"b\"\n"}"#),
    ])
    func encodes(request: ControlRequest, expected: String) throws {
        #expect(request.encoded() == expected)
        #expect(try decode(request.encoded()) == request)
    }

    @Test("malformed requests say what is wrong", arguments: [
        ("status", "invalid JSON at byte 0: unexpected 's'; expected a value"),
        (#"{"op":"status""#, "invalid JSON at byte 14: unexpected end of input; expected ',' or '}'"),
        (#"{"op":"status"} {"op":"status"}"#, "invalid JSON at byte 16: unexpected '{' after the document"),
        (#"{"op":"status","op":"status"}"#, "invalid JSON at byte 15: duplicate key 'op'"),
        (#"["status"]"#, "a request must be a JSON object, not an array"),
        (#""status""#, "a request must be a JSON object, not a string"),
        ("{}", #"the request has no "op"; ops: status, sim, why, set"#),
        (#"{"op":1}"#, #""op" must be a string (ops: status, sim, why, set), not a number"#),
        (#"{"op":null}"#, #""op" must be a string (ops: status, sim, why, set), not null"#),
        (#"{"op":"launch"}"#, "unknown op 'launch'; ops: status, sim, why, set"),
        (#"{"op":"STATUS"}"#, "unknown op 'STATUS'; ops: status, sim, why, set"),
        (#"{"op":"status","verbose":true}"#, "unknown field 'verbose' in a status request; fields: op"),
        (#"{"op":"sim"}"#, #"a sim request needs "action": set, toggle or pulse"#),
        (#"{"op":"sim","action":true}"#, #""action" must be a string (actions: set, toggle, pulse), not a boolean"#),
        (#"{"op":"sim","action":"explode","name":"switch1"}"#, "unknown sim action 'explode'; actions: set, toggle, pulse"),
        (#"{"op":"sim","action":"toggle"}"#, #"a sim toggle request needs "name": the name of an input"#),
        (#"{"op":"sim","action":"toggle","name":7}"#, #""name" must be a string (the name of an input), not a number"#),
        (#"{"op":"sim","action":"toggle","name":""}"#, #""name" must not be empty"#),
        (#"{"op":"sim","action":"toggle","name":"s","value":true}"#,
         "unknown field 'value' in a sim toggle request; fields: op, action, name, wait"),
        (#"{"op":"sim","action":"set","name":"s"}"#,
         #"a sim set request needs "value": true (on), false (off), a number or null (unavailable)"#),
        (#"{"op":"sim","action":"set","name":"s","value":"on"}"#,
         #""value" must be true, false, a number or null, not a string"#),
        (#"{"op":"sim","action":"set","name":"s","vaule":true}"#,
         "unknown field 'vaule' in a sim set request; fields: op, action, name, value, wait"),
        (#"{"op":"sim","action":"pulse","name":"s"}"#, #"a sim pulse request needs "ms": the pulse length in milliseconds"#),
        (#"{"op":"sim","action":"pulse","name":"s","ms":"50"}"#, #""ms" must be a number, not a string"#),
        (#"{"op":"sim","action":"pulse","name":"s","ms":[50]}"#, #""ms" must be a number, not an array"#),
        (#"{"op":"sim","action":"pulse","name":"s","ms":0}"#, #""ms" must be from 0.001 to 3600000 (one hour), not 0"#),
        (#"{"op":"sim","action":"pulse","name":"s","ms":-5}"#, #""ms" must be from 0.001 to 3600000 (one hour), not -5"#),
        (#"{"op":"sim","action":"pulse","name":"s","ms":0.0004}"#,
         #""ms" must be from 0.001 to 3600000 (one hour), not 0.0004"#),
        (#"{"op":"sim","action":"pulse","name":"s","ms":3600001}"#,
         #""ms" must be from 0.001 to 3600000 (one hour), not 3600001"#),
        (#"{"op":"sim","action":"pulse","name":"s","ms":1e400}"#,
         "invalid JSON at byte 45: number 1e400 is out of range"),
        (#"{"op":"sim","action":"pulse","name":"s","ms":50,"for":"ever"}"#,
         "unknown field 'for' in a sim pulse request; fields: op, action, name, ms, wait"),
    ])
    func malformed(line: String, message: String) {
        let error = failure(line)
        #expect(error?.kind == .invalidRequest)
        #expect(error?.message == message)
        #expect(error?.hint == "")
    }

    @Test("invalid UTF-8 in a request is a JSON error")
    func invalidUTF8() {
        do {
            _ = try ControlRequest(decoding: Array(#"{"op":"sim","action":"toggle","name":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .invalidRequest)
            #expect(error.message.hasPrefix("invalid JSON at byte 38: invalid UTF-8"))
        }
    }

    @Test("names in messages are quoted with control characters escaped")
    func quotedNames() {
        #expect(failure(#"{"op":"st\natus"}"#)?.message == #"unknown op 'st\natus'; ops: status, sim, why, set"#)
    }
}

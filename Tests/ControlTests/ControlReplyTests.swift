import Engine
import Control
import Testing

@Suite("Control replies")
struct ControlReplyTests {
    @Test("encodes \"ok\" first and names in sorted order", arguments: [
        (ControlReply.ok, #"{"ok":true}"#),
        (.failure("no input named 'switch9'"), #"{"ok":false,"error":"no input named 'switch9'"}"#),
        (.status(EngineSnapshot(inputs: ["switch2": false, "switch1": true], signals: ["all_on": false],
                                outputs: [:])),
         #"{"ok":true,"inputs":{"switch1":true,"switch2":false},"signals":{"all_on":false},"outputs":{}}"#),
    ])
    func encodes(reply: ControlReply, expected: String) throws {
        #expect(reply.encoded() == expected)
        #expect(try ControlReply(decoding: reply.encoded()) == reply)
    }

    @Test("fields a newer daemon might add are ignored")
    func unknownFields() throws {
        #expect(try ControlReply(decoding: #"{"ok":true,"version":"9.9"}"#) == .ok)
        #expect(try ControlReply(decoding: #"{"error":"nope","ok":false,"code":7}"#) == .failure("nope"))
        #expect(try ControlReply(decoding: #"{"ok":true,"inputs":{},"signals":{},"outputs":{},"uptime":3}"#)
            == .status(EngineSnapshot()))
    }

    @Test("replies outside the protocol are invalid", arguments: [
        ("hello", "invalid JSON at byte 0: unexpected 'h'; expected a value"),
        ("[true]", "not a JSON object but an array"),
        (#"{"error":"x"}"#, #"no "ok": true or false"#),
        (#"{"ok":"yes"}"#, #"no "ok": true or false"#),
        (#"{"ok":false}"#, #"a failure without an "error" message"#),
        (#"{"ok":false,"error":3}"#, #"a failure without an "error" message"#),
        (#"{"ok":true,"inputs":{}}"#, #"a status without an object "signals""#),
        (#"{"ok":true,"inputs":[],"signals":{},"outputs":{}}"#, #"a status without an object "inputs""#),
        (#"{"ok":true,"inputs":{"s":1},"signals":{},"outputs":{}}"#, "inputs 's' is a number, not true or false"),
    ])
    func invalid(line: String, reason: String) {
        do {
            let reply = try ControlReply(decoding: line)
            Issue.record("accepted as \(reply)")
        } catch {
            #expect(error.kind == .invalidReply)
            #expect(error.message == "unexpected reply from gpioagg: \(reason)")
        }
    }

    @Test("a snapshot: inputs, signals, outputs, names sorted")
    func snapshot() {
        let snapshot = EngineSnapshot(inputs: ["switch2": false, "switch1": true], signals: ["all_on": false],
                                      outputs: [:])
        #expect(snapshot.json.serialized(.spaced)
            == #"{"inputs": {"switch1": true, "switch2": false}, "signals": {"all_on": false}, "outputs": {}}"#)
    }
}

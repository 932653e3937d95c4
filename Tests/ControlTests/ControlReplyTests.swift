import Control
import Testing
import Values

@Suite("Control replies")
struct ControlReplyTests {
    @Test("encodes \"ok\" first and names in sorted order", arguments: [
        (ControlReply.ok, #"{"ok":true}"#),
        (.failure("no input named 'switch9'"), #"{"ok":false,"error":"no input named 'switch9'"}"#),
        (.status(EngineSnapshot(inputs: ["switch2": false, "switch1": true], signals: ["all_on": false],
                                outputs: [:])),
         #"{"ok":true,"inputs":{"switch1":true,"switch2":false},"signals":{"all_on":false},"outputs":{}}"#),
        (.status(EngineSnapshot(inputs: ["air": .number(21.5, "°C"), "count": .number(3, .none), "gone": .unavailable],
                                signals: ["mean": .number(21.25, "°C")], outputs: [:], precisions: ["count": 0])),
         #"{"ok":true,"inputs":{"air":21.5,"count":3,"gone":null},"signals":{"mean":21.25},"outputs":{},"#
            + #""units":{"air":"°C","mean":"°C"},"precision":{"count":0}}"#),
        (.status(EngineSnapshot(inputs: [:], signals: [:], outputs: [:], precisions: ["blinds": 0, "door": 0],
                                covers: ["door": .cover(.opening, position: nil), "blinds": .cover(.stopped, position: 40)])),
         #"{"ok":true,"inputs":{},"signals":{},"outputs":{},"covers":{"blinds":{"state":"stopped","position":40},"#
            + #""door":{"state":"opening"}},"precision":{"blinds":0,"door":0}}"#),
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
        (#"{"ok":true,"inputs":{"s":"on"},"signals":{},"outputs":{}}"#,
         "inputs 's' is a string, not true, false, a number or null"),
        (#"{"ok":true,"inputs":{"s":1},"signals":{},"outputs":{},"units":{"s":1}}"#,
         "the unit of 's' is a number, not a string"),
        (#"{"ok":true,"inputs":{"s":1},"signals":{},"outputs":{},"precision":{"s":1.5}}"#,
         "the precision of 's' is a number, not 0 to 9"),
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

    @Test("numbers in a snapshot: rounded at their precision, with their units; unavailable is null; the table shows units")
    func numbers() {
        let snapshot = EngineSnapshot(inputs: ["air": .number(21.456, "°C"), "gone": .unavailable, "door": true],
                                      signals: ["spread": .number(-0.004, "°C")], outputs: [:], precisions: ["air": 1])
        #expect(snapshot.json.serialized(.spaced)
            == #"{"inputs": {"air": 21.5, "door": true, "gone": null}, "signals": {"spread": 0}, "outputs": {}, "#
            + #""units": {"air": "°C", "spread": "°C"}, "precision": {"air": 1}}"#)
        #expect(snapshot.table == """
            INPUTS
              air     21.5 °C
              door    on
              gone    unavailable
            SIGNALS
              spread  0.00 °C
            OUTPUTS
              (none)
            """)
    }

    @Test("losses in a snapshot: one object per input or counter that lost edges, decoded back; the table lists them")
    func losses() throws {
        let snapshot = EngineSnapshot(inputs: ["meter": false], signals: ["water": .number(250, "L")], outputs: [:],
                                      lost: ["meter": LostPulses(losses: 1, edges: 168, pulses: 84),
                                             "water": LostPulses(losses: 1, edges: 168, pulses: 84),
                                             "gas": LostPulses(losses: 2)])
        let reply = ControlReply.status(snapshot)
        #expect(reply.encoded().hasSuffix(#""lost":{"gas":{"losses":2,"edges":0,"pulses":0},"#
            + #""meter":{"losses":1,"edges":168,"pulses":84},"water":{"losses":1,"edges":168,"pulses":84}}}"#),
            "\(reply.encoded())")
        #expect(try ControlReply(decoding: reply.encoded()) == reply)
        #expect(snapshot.table.hasSuffix("""
            LOST (edges the kernel dropped)
              gas    2 losses: at least one edge each
              meter  1 loss: 168 edges, 84 pulses
              water  1 loss: 168 edges, 84 pulses
            """), "\(snapshot.table)")
    }
}

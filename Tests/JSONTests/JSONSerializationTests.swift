import JSON
import Testing

@Suite("JSON serialization")
struct JSONSerializationTests {
    @Test("compact, members in their stored order")
    func compact() {
        let value = JSONValue.object(JSONObject([
            "ok": .bool(true), "list": .array([.null, .number(1), .string("x")]), "empty": .object(JSONObject()),
        ]))
        #expect(value.serialized == #"{"ok":true,"list":[null,1,"x"],"empty":{}}"#)
    }

    @Test("escapes what JSON requires, and only that", arguments: [
        ("plain", #""plain""#),
        ("quote \" backslash \\", #""quote \" backslash \\""#),
        ("line\nbreak\r\ttab", #""line\nbreak\r\ttab""#),
        ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
        ("é€😀 /", "\"é€😀 /\""),
    ])
    func strings(text: String, expected: String) {
        #expect(JSONValue.string(text).serialized == expected)
    }

    @Test("numbers: whole ones without a fraction, no infinities", arguments: [
        (50.0, "50"), (-3.0, "-3"), (1.5, "1.5"), (0.001, "0.001"), (1e20, "1e+20"),
        (Double.infinity, "null"), (Double.nan, "null"),
    ])
    func numbers(value: Double, expected: String) {
        #expect(JSONValue.number(value).serialized == expected)
    }

    @Test("what it writes parses back to the same value, on one line")
    func roundTrip() throws {
        let value = JSONValue.object(JSONObject([
            "name": .string("sw\u{0}itch \"1\"\n😀"), "levels": .array([.bool(true), .bool(false)]),
            "ms": .number(0.5), "nested": .object(JSONObject(["deep": .array([.array([.null])])])),
        ]))
        let text = value.serialized
        #expect(!text.contains("\n"))
        #expect(try JSONValue(parsing: Array(text.utf8)) == value)
    }

    @Test("objects are equal whatever their order; set replaces in place")
    func objectEquality() {
        var object = JSONObject(["a": .number(1), "b": .number(2)])
        #expect(object == JSONObject(["b": .number(2), "a": .number(1)]))
        object.set("a", .number(3))
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == .number(3))
        #expect(object.count == 2)
    }

    @Test("spaced: a space after each ':' and ',', and nothing else changes")
    func spaced() throws {
        let value = JSONValue.object(JSONObject([
            "ok": .bool(true), "list": .array([.null, .number(1), .string("a, b: c")]), "empty": .object(JSONObject()),
        ]))
        #expect(value.serialized(.spaced) == #"{"ok": true, "list": [null, 1, "a, b: c"], "empty": {}}"#)
        #expect(try JSONValue(parsing: Array(value.serialized(.spaced).utf8)) == value)
    }

    @Test("members built from a list keep its order; a repeated key keeps its place and its last value")
    func orderGiven() {
        let object = JSONObject([("b", JSONValue.number(1)), ("a", .number(2)), ("b", .number(3))])
        #expect(object.keys == ["b", "a"])
        #expect(object["b"] == .number(3))
    }

    @Test("pretty: one member or element per line, two spaces per level, empty containers kept short")
    func pretty() throws {
        let value = JSONValue.object(JSONObject([
            "name": .string("door \"1\"\n"), "types": .array([.string("press"), .number(2)]),
            "device": .object(JSONObject(["ids": .array([.string("a")]), "none": .array([])])), "empty": .object(JSONObject()),
            "ok": .bool(true), "nothing": .null,
        ]))
        #expect(value.prettyPrinted == """
            {
              "name": "door \\"1\\"\\n",
              "types": [
                "press",
                2
              ],
              "device": {
                "ids": [
                  "a"
                ],
                "none": []
              },
              "empty": {},
              "ok": true,
              "nothing": null
            }
            """)
        #expect(try JSONValue(parsing: Array(value.prettyPrinted.utf8)) == value)
        #expect(JSONValue.string("x").prettyPrinted == #""x""#)
        #expect(JSONValue.array([]).prettyPrinted == "[]")
    }
}

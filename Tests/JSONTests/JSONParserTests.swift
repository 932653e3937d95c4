import JSON
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String, limits: JSONLimits = .init()) throws(JSONError) -> JSONValue {
        try JSONValue(parsing: Array(text.utf8), limits: limits)
    }

    private func reason(_ bytes: [UInt8], limits: JSONLimits = .init()) -> String? {
        do {
            _ = try JSONValue(parsing: bytes, limits: limits)
            return nil
        } catch {
            return error.reason
        }
    }

    private func reason(_ text: String, limits: JSONLimits = .init()) -> String? {
        reason(Array(text.utf8), limits: limits)
    }

    @Test("scalars, arrays and objects, with whitespace around")
    func values() throws {
        #expect(try parse("null") == .null)
        #expect(try parse(" true ") == .bool(true))
        #expect(try parse("\tfalse\r\n") == .bool(false))
        #expect(try parse("-12.5e1") == .number(-125))
        #expect(try parse("0") == .number(0))
        #expect(try parse("\"hi\"") == .string("hi"))
        #expect(try parse("[1, [], {}]") == .array([.number(1), .array([]), .object(JSONObject())]))
        let object = try parse(#"{ "b" : 1 , "a" : [true] }"#)
        guard case .object(let members) = object else { Issue.record("not an object"); return }
        #expect(members.keys == ["b", "a"])
        #expect(object["a"] == .array([.bool(true)]))
    }

    @Test("escapes, surrogate pairs and raw UTF-8 in strings")
    func strings() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u00e9\u20AC\ud83d\ude00""#) == .string("é€😀"))
        #expect(try parse("\"é€😀\"") == .string("é€😀"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test("numbers outside JSON's grammar", arguments: [
        ("01", "leading zeros are not allowed in numbers"),
        ("-", "unexpected end of input; expected a digit"),
        ("1.", "unexpected end of input; expected a digit after '.'"),
        (".5", "unexpected '.'; expected a value"),
        ("+1", "unexpected '+'; expected a value"),
        ("1e", "unexpected end of input; expected a digit in the exponent"),
        ("NaN", "unexpected 'N'; expected a value"),
        ("Infinity", "unexpected 'I'; expected a value"),
        ("0x10", "unexpected 'x' after the document"),
    ])
    func badNumbers(text: String, expected: String) {
        #expect(reason(text) == expected)
    }

    @Test("huge numbers: out of a Double's range, or absurdly long literals")
    func hugeNumbers() {
        #expect(reason("1e400") == "number 1e400 is out of range")
        #expect(reason("-1e309") == "number -1e309 is out of range")
        #expect(reason(String(repeating: "9", count: 33)) == "number longer than 32 characters")
        #expect(reason("[" + String(repeating: "1", count: 400) + "]") == "number longer than 32 characters")
        #expect(reason("1e-400") == nil)  // underflows to 0, which is harmless
    }

    @Test("invalid UTF-8 is rejected inside and outside strings", arguments: [
        [0x22, 0xC0, 0x80, 0x22],              // overlong NUL
        [0x22, 0xE0, 0x80, 0x80, 0x22],        // overlong three-byte form
        [0x22, 0xED, 0xA0, 0x80, 0x22],        // an encoded surrogate
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
        [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],  // never a lead byte
        [0x22, 0x80, 0x22],                    // stray continuation byte
        [0x22, 0xC3, 0x22],                    // truncated sequence
        [0x22, 0xE2, 0x82, 0x22],              // truncated sequence
        [0xFF],                                // outside a string
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        let found = reason(bytes)
        #expect(found?.contains("UTF-8") == true || found?.hasPrefix("unexpected byte 0x") == true,
                "\(bytes): \(found ?? "accepted")")
    }

    @Test("a byte order mark is not JSON")
    func byteOrderMark() {
        #expect(reason([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == "unexpected byte 0xEF; expected a value")
    }

    @Test("broken strings", arguments: [
        (#""abc"#, "unterminated string"),
        ("\"a\tb\"", "control character (byte 0x09) in a string; escape it"),
        ("\"a\nb\"", "control character (byte 0x0A) in a string; escape it"),
        (#""\x""#, #"unknown escape '\x'"#),
        (#""\u12""#, #"unexpected '"'; expected 4 hex digits after \u"#),
        (#""\ud800""#, #"\u escape of a lone surrogate"#),
        (#""\ud800\u0041""#, #"\u escape of a lone surrogate"#),
        (#""\udc00""#, #"\u escape of a lone surrogate"#),
        ("'single'", "unexpected '''; expected a value"),
    ])
    func badStrings(text: String, expected: String) {
        #expect(reason(text) == expected)
    }

    @Test("broken structure", arguments: [
        ("", "unexpected end of input; expected a value"),
        ("   ", "unexpected end of input; expected a value"),
        ("[1,]", "unexpected ']'; expected a value"),
        (#"{"a":1,}"#, "unexpected '}'; expected a string key"),
        (#"{"a" 1}"#, "unexpected '1'; expected ':' after the key"),
        (#"{a:1}"#, "unexpected 'a'; expected a string key"),
        (#"{"a":1 "b":2}"#, "unexpected '\"'; expected ',' or '}'"),
        ("[1 2]", "unexpected '2'; expected ',' or ']'"),
        (#"{"a":1,"a":2}"#, "duplicate key 'a'"),
        ("tru", "unexpected 't'; expected a value"),
        ("nul", "unexpected 'n'; expected a value"),
        ("[1] // comment", "unexpected '/' after the document"),
    ])
    func badStructure(text: String, expected: String) {
        #expect(reason(text) == expected)
    }

    @Test("trailing garbage after a complete document")
    func trailingGarbage() {
        #expect(reason(#"{"op":"status"} x"#) == "unexpected 'x' after the document")
        #expect(reason(#"{"op":"status"}{"op":"status"}"#) == "unexpected '{' after the document")
        #expect(reason("1 2") == "unexpected '2' after the document")
        #expect(reason([UInt8]("{}".utf8) + [0]) == "unexpected byte 0x00 after the document")
    }

    @Test("errors say where, in bytes from 0")
    func offsets() {
        do {
            _ = try parse(#"{"op": tru}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.offset == 7)
            #expect(error.description == "invalid JSON at byte 7: unexpected 't'; expected a value")
        }
    }

    @Test("nesting up to the limit, not one level more")
    func depth() {
        let limit = JSONLimits().maxDepth
        #expect(reason(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)) == nil)
        #expect(reason(String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1))
            == "nested deeper than \(limit) levels")
        #expect(reason(String(repeating: #"{"a":"#, count: limit + 1) + "1" + String(repeating: "}", count: limit + 1))
            == "nested deeper than \(limit) levels")
        // Far deeper than any stack would allow, were depth not checked before recursing.
        #expect(reason(String(repeating: "[", count: 1_000_000), limits: JSONLimits(maxBytes: 2_000_000))
            == "nested deeper than \(limit) levels")
    }

    @Test("documents larger than the limit are refused before parsing")
    func size() {
        let limits = JSONLimits(maxBytes: 16)
        #expect(reason(#"{"op":"status"}"#, limits: limits) == nil)
        #expect(reason(#"{"op":"status"}  "#, limits: limits)
            == "the document is 17 bytes long; at most 16 are accepted")
    }
}

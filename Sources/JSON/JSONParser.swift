/// A strict RFC 8259 parser: one document, nothing after it but whitespace, UTF-8 only,
/// no duplicate keys, no lone surrogates, within `JSONLimits`.
///
/// Strict because the control socket is an interface for programs: accepting sloppy
/// input now would make every later tightening a breaking change.
struct JSONParser {
    private let bytes: [UInt8]
    private let limits: JSONLimits
    private var index = 0

    init(bytes: [UInt8], limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func parseDocument() throws(JSONError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw JSONError(reason: "the document is \(bytes.count) bytes long; at most \(limits.maxBytes) are accepted",
                            offset: limits.maxBytes)
        }
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected \(describeCurrent()) after the document") }
        return value
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(JSONError) -> JSONValue {
        guard let byte = current else { throw failure("unexpected end of input; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONError) -> JSONValue {
        try checkDepth(depth)
        index += 1  // {
        var object = JSONObject()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describeCurrent()); expected a string key")
            }
            let keyOffset = index
            let key = try parseString()
            guard object[key] == nil else {
                throw JSONError(reason: "duplicate key \(key.singleQuoted)", offset: keyOffset)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw failure("unexpected \(describeCurrent()); expected ':' after the key")
            }
            index += 1
            skipWhitespace()
            object.set(key, try parseValue(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(object)
            default: throw failure("unexpected \(describeCurrent()); expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONError) -> JSONValue {
        try checkDepth(depth)
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw failure("unexpected \(describeCurrent()); expected ',' or ']'")
            }
        }
    }

    private func checkDepth(_ depth: Int) throws(JSONError) {
        guard depth <= limits.maxDepth else {
            throw failure("nested deeper than \(limits.maxDepth) levels")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONError) {
        let start = index
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard current == expected else {
                index = start
                throw failure("unexpected \(describeCurrent()); expected a value")
            }
            index += 1
        }
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(JSONError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        switch current {
        case UInt8(ascii: "0"):
            index += 1
            if let byte = current, isDigit(byte) {
                throw failure("leading zeros are not allowed in numbers")
            }
        case let byte? where isDigit(byte):
            skipDigits()
        default:
            throw failure("unexpected \(describeCurrent()); expected a digit")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let byte = current, isDigit(byte) else {
                throw failure("unexpected \(describeCurrent()); expected a digit after '.'")
            }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, isDigit(byte) else {
                throw failure("unexpected \(describeCurrent()); expected a digit in the exponent")
            }
            skipDigits()
        }
        guard index - start <= limits.maxNumberLength else {
            throw JSONError(reason: "number longer than \(limits.maxNumberLength) characters", offset: start)
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else {
            throw JSONError(reason: "number \(literal) is out of range", offset: start)
        }
        return value
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Strings

    private mutating func parseString() throws(JSONError) -> String {
        index += 1  // "
        var scalars: [UInt8] = []
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                // Every byte was checked on the way in, so decoding cannot repair anything.
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scalars)
            case 0..<0x20:
                throw failure("control character (byte 0x\(hex(byte, width: 2))) in a string; escape it")
            case 0x20..<0x80:
                scalars.append(byte)
                index += 1
            default:
                try copyUTF8Sequence(into: &scalars)
            }
        }
    }

    private mutating func parseEscape(into scalars: inout [UInt8]) throws(JSONError) {
        let start = index
        index += 1  // backslash
        guard let byte = current else { throw failure("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): scalars.append(byte)
        case UInt8(ascii: "\\"): scalars.append(byte)
        case UInt8(ascii: "/"): scalars.append(byte)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
            var value = UInt32(try parseHex4())
            if (0xD800...0xDBFF).contains(value) {
                guard current == UInt8(ascii: "\\"), peek(at: index + 1) == UInt8(ascii: "u") else {
                    throw JSONError(reason: "\\u escape of a lone surrogate", offset: start)
                }
                index += 2
                let low = UInt32(try parseHex4())
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONError(reason: "\\u escape of a lone surrogate", offset: start)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw JSONError(reason: "\\u escape of a lone surrogate", offset: start)
            }
            scalars.append(contentsOf: Unicode.Scalar(value)!.utf8)
        default:
            index = start
            throw failure("unknown escape '\\\(Unicode.Scalar(byte).escaped(asASCII: true))'")
        }
    }

    private mutating func parseHex4() throws(JSONError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            let digit: UInt8
            switch current {
            case let byte? where isDigit(byte): digit = byte - UInt8(ascii: "0")
            case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte): digit = byte - UInt8(ascii: "a") + 10
            case let byte? where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("unexpected \(describeCurrent()); expected 4 hex digits after \\u")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// Copies one well-formed multi-byte UTF-8 sequence (no overlong forms, surrogates or
    /// code points past U+10FFFF), per the table in Unicode's chapter 3.
    private mutating func copyUTF8Sequence(into scalars: inout [UInt8]) throws(JSONError) {
        let lead = bytes[index]
        let second: ClosedRange<UInt8>
        let length: Int
        switch lead {
        case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
        case 0xE0: (second, length) = (0xA0...0xBF, 3)
        case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
        case 0xED: (second, length) = (0x80...0x9F, 3)
        case 0xF0: (second, length) = (0x90...0xBF, 4)
        case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
        case 0xF4: (second, length) = (0x80...0x8F, 4)
        default: throw failure("invalid UTF-8 (byte 0x\(hex(lead, width: 2)))")
        }
        for position in 1..<length {
            let range: ClosedRange<UInt8> = position == 1 ? second : 0x80...0xBF
            guard let next = peek(at: index + position), range.contains(next) else {
                throw failure("invalid UTF-8 (byte 0x\(hex(lead, width: 2)) starts a broken sequence)")
            }
        }
        scalars.append(contentsOf: bytes[index..<index + length])
        index += length
    }

    // MARK: - Reading

    private var current: UInt8? { peek(at: index) }

    private func peek(at position: Int) -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = current,
              byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    private func failure(_ reason: String) -> JSONError {
        JSONError(reason: reason, offset: index)
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of input" }
        if (0x21..<0x7F).contains(byte) { return "'\(Unicode.Scalar(byte))'" }
        return "byte 0x\(hex(byte, width: 2))"
    }

    private func hex(_ byte: UInt8, width: Int) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

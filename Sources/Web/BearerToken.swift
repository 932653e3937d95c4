/// The token a request carries as `Authorization: Bearer TOKEN`, compared in constant
/// time: how long a comparison takes says nothing of how much of a guess was right.
///
/// ```swift
/// let token = BearerToken(fileContents: Array("s3cret\n".utf8))!   // the newline trimmed
/// token.admits(authorization: "Bearer s3cret")    // true
/// token.admits(authorization: "Bearer s3cre")     // false
/// ```
public struct BearerToken: Hashable, Sendable {
    private let bytes: [UInt8]

    /// The token file's first line, without its line ending and surrounding blanks; nil
    /// when that leaves nothing, or a byte a header cannot carry.
    public init?(fileContents: [UInt8]) {
        let line = fileContents.prefix { $0 != UInt8(ascii: "\n") }
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        let trimmed = line.drop(while: blank).reversed().drop(while: blank).reversed()
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        bytes = Array(trimmed)
    }

    /// Why a token file cannot be used, for the log.
    public static let requirement = "its first line must hold the token: printable ASCII, no spaces"

    /// Whether an `Authorization` header's value carries this token.
    public func admits(authorization: String?) -> Bool {
        guard let authorization else { return false }
        let scheme = "bearer "
        let utf8 = Array(authorization.utf8)
        guard utf8.count > scheme.utf8.count,
              String(decoding: utf8.prefix(scheme.utf8.count), as: UTF8.self).lowercased() == scheme else { return false }
        return Self.constantTimeEqual(Array(utf8.dropFirst(scheme.utf8.count)), bytes)
    }

    /// Whether `a` and `b` are equal, in a time that depends on their lengths only.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        difference |= UInt8(a.count != b.count ? 1 : 0)
        // Every byte of the longer one is read whatever the bytes are.
        let length = max(a.count, b.count)
        for index in 0..<length {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}

extension BearerToken: CustomStringConvertible {
    /// Never the token itself: a log line or a test failure may show it.
    public var description: String { "a bearer token of \(bytes.count) bytes" }
}

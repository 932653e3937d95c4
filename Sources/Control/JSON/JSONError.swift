/// Why a document is not acceptable JSON, and where (a byte offset from 0).
struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    var reason: String
    var offset: Int

    var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

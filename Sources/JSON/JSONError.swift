/// Why a document is not acceptable JSON, and where (a byte offset from 0).
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public var offset: Int

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

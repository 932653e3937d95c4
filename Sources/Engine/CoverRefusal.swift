/// Why a cover did not take a command: no such cover, the engine is not running, or
/// the command makes no sense for it (a position for a door on one relay, a position
/// before the blinds' position is known).
public struct CoverRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

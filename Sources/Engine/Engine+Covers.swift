import Covers
import GPIO
import Values

extension Engine {
    /// Each cover on two motors and its position now, for the kept state.
    public func coverPositions() -> [String: Double] {
        loop.preconditionInEventLoop()
        let now = loop.now
        var positions: [String: Double] = [:]
        for cover in covers {
            if let position = cover.position(at: now) { positions[cover.name] = position }
        }
        return positions
    }
}

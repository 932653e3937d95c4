import Covers
import GPIO
import Values

extension Engine {
    /// Tells the cover `name` what to do (`gpioagg set garage_door open`, the control
    /// socket's `set`, a test file's `set:`, Home Assistant's `OPEN`, `CLOSE`, `STOP` and
    /// positions), as an event of its own, now.
    ///
    /// The engine's surface for covers:
    /// - `NodeKind.cover` and `NodeID.cover(name)`: a cover's identity;
    /// - `NodeValue.cover(CoverState, position: Double?)`: its value (the position 0
    ///   closed to 100 open, in whole percent, for a cover on two motors; nil for a door
    ///   on one relay), in `EngineSnapshot.covers` (a moving cover's position as
    ///   reckoned now) and in an `EngineChange` (precision 0) each time its state or
    ///   reported position changes: when a move starts, stops, or reaches an end;
    /// - this method.
    ///
    /// Returns why nothing was sent when the cover took the command and had nothing to
    /// do (the door is open already; a pulse would close a door asked to open), nil when
    /// it acted. Throws `CoverRefusal` with a message for a person otherwise.
    ///
    /// ```swift
    /// try engine.setCover("garage_door", .open)        // nil: pulsed, now opening
    /// try engine.setCover("garage_door", .open)        // "the door is opening already: no pulse sent"
    /// try engine.setCover("blinds", .position(40))     // nil: driving towards 40 %
    /// try engine.setCover("garage_door", .position(40)) // throws: a door on one relay has no position
    /// ```
    @discardableResult
    func setCover(_ name: String, _ command: CoverCommand) throws(CoverRefusal) -> String? {
        loop.preconditionInEventLoop()
        guard let cover = covers.first(where: { $0.name == name }) else {
            let names = configuration.covers.map(\.name)
            let list = names.isEmpty ? "the config declares no cover (covers:)" : "covers: " + names.joined(separator: ", ")
            throw CoverRefusal("no cover named '\(name)'; "
                + (NameSuggestions.didYouMean(NameSuggestions.closeNames(to: name, among: names), list: list) ?? list))
        }
        guard state == .running else { throw CoverRefusal("the engine is not running") }
        propagation.timestamp = loop.now
        let action = cover.command(command)
        writePendingOutputsOrFail()
        if let refusal = action.refusal { throw CoverRefusal("cover '\(name)': \(refusal)") }
        return action.note
    }

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

import Config
import Values

/// An input with no line: a command input (`command: true`), set over MQTT or the
/// control socket, a momentary one (`command: press`), pressed the same ways, or a
/// remote input (`topic:`), set from another publisher's value. Its level is a
/// publisher like a line input's, and only ever sends changes.
final class VirtualInput {
    enum Kind: Equatable {
        case command
        /// `command: press`: never holds a value; `activate()` on each press.
        case press
        case remote(topic: String)
    }

    let name: String
    let kind: Kind
    let level: Level
    @exclusivity(unchecked) private(set) var value: Bool
    /// When the value last changed; nil: not since start.
    @exclusivity(unchecked) private(set) var changedAt: UInt64?
    private let propagation: Propagation

    /// - Parameter changedAt: when the value last changed, for an input a reload carried
    ///   over from the engine before.
    init(name: String, kind: Kind, value: Bool, changedAt: UInt64? = nil, propagation: Propagation) {
        self.name = name
        self.kind = kind
        self.value = value
        self.changedAt = changedAt
        self.propagation = propagation
        level = Level(value)
    }

    func change(at timestamp: UInt64, cause: EngineChange.Cause) -> EngineChange {
        EngineChange(.input(name), value: .level(value), timestamp: timestamp, cause: cause)
    }

    /// A press: on and off in the same instant, as a click signal's activation, so that
    /// what reacts to rising edges sees one; observers hear one change, `activated`.
    func activate() {
        changedAt = propagation.timestamp
        if !propagation.isSettling {
            var change = EngineChange(.input(name), value: .on, timestamp: propagation.timestamp,
                                      cause: propagation.cause)
            change.isActivation = true
            propagation.announce(change)
        }
        level.send(true)
        level.send(false)
    }

    func update(_ newValue: Bool) {
        guard newValue != value else { return }
        value = newValue
        changedAt = propagation.timestamp
        propagation.report(self)
        level.send(newValue)
    }
}

import Config
import Values

/// An input with no line: a command input (`command: true`), set over MQTT or the
/// control socket, or a remote input (`topic:`), set from another publisher's value.
/// Its level is a publisher like a line input's, and only ever sends changes.
final class VirtualInput {
    enum Kind: Equatable {
        case command
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

    func update(_ newValue: Bool) {
        guard newValue != value else { return }
        value = newValue
        changedAt = propagation.timestamp
        propagation.report(self)
        level.send(newValue)
    }
}

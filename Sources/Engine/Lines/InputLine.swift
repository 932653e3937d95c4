import Config
import Reactive
import Values

/// One configured input line: its debounced, logical level as a publisher (`Level`)
/// that starts with the level read when the line was requested and then follows the
/// tracker's changes. It only ever sends changes (never the same value twice in a row).
final class InputLine {
    let declaration: InputDeclaration
    let offset: UInt32
    let level: Level
    @exclusivity(unchecked) private(set) var value: Bool
    /// When the value last changed (the loop's clock); nil: not since start.
    @exclusivity(unchecked) private(set) var changedAt: UInt64?
    private let propagation: Propagation
    /// What the kernel's dropped events showed on this line since start.
    var lost = LostPulses()

    init(declaration: InputDeclaration, offset: UInt32, value: Bool, propagation: Propagation) {
        self.declaration = declaration
        self.offset = offset
        self.value = value
        self.propagation = propagation
        level = Level(value)
    }

    var name: String { declaration.name }

    func change(at timestamp: UInt64, cause: EngineChange.Cause) -> EngineChange {
        EngineChange(.input(declaration.name), value: .level(value), timestamp: timestamp, cause: cause,
                     chip: declaration.chip, line: declaration.line)
    }

    /// Observers hear of the change before the graph reacts to it, so that a log reads
    /// cause before effect.
    @inline(__always)
    func update(_ newValue: Bool) {
        guard newValue != value else { return }
        value = newValue
        changedAt = propagation.timestamp
        propagation.report(self)
        level.send(newValue)
    }
}

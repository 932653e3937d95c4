import Config
import Reactive

/// One derived signal: the value its pipeline last produced, as a publisher that starts
/// with the current value and then sends each change (never the same value twice in a
/// row), so that every signal or output that uses it shares one pipeline.
final class Signal {
    let declaration: SignalDeclaration
    let level: Level
    @exclusivity(unchecked) private(set) var value: Bool
    private let propagation: Propagation

    init(declaration: SignalDeclaration, value: Bool, propagation: Propagation) {
        self.declaration = declaration
        self.value = value
        self.propagation = propagation
        level = Level(value)
    }

    var name: String { declaration.name }

    func change(at timestamp: UInt64, cause: EngineChange.Cause) -> EngineChange {
        EngineChange(kind: .signal, name: declaration.name, value: value, timestamp: timestamp, cause: cause)
    }

    @inline(__always)
    func update(_ newValue: Bool) {
        guard newValue != value else { return }
        value = newValue
        propagation.report(self)
        level.send(newValue)
    }
}

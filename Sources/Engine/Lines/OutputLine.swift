import Config
import Reactive

/// One configured output line: an `AnyConsumer` that the followed signal or input is
/// bound to, and what the engine wants on the line versus what it last wrote.
final class OutputLine {
    let declaration: OutputDeclaration
    let offset: UInt32
    /// Index of its request in the engine's output requests.
    let requestIndex: Int
    /// Fed with `bind(to:)` from the followed signal or input.
    @Input var level = AnyConsumer<Bool>()
    /// What the graph last asked for.
    @exclusivity(unchecked) var desired: Bool
    /// What is on the line (logical).
    @exclusivity(unchecked) var written: Bool
    /// Whether it waits in `Propagation.pendingOutputs`.
    @exclusivity(unchecked) var isPending = false

    /// - Parameter level: what the line holds now: `initial`, or on a reload the level
    ///   the previous engine left on it.
    init(declaration: OutputDeclaration, offset: UInt32, requestIndex: Int, level: Bool? = nil) {
        self.declaration = declaration
        self.offset = offset
        self.requestIndex = requestIndex
        desired = level ?? declaration.initial
        written = level ?? declaration.initial
    }

    var name: String { declaration.name }

    /// What was last written, as a change.
    func change(at timestamp: UInt64, cause: EngineChange.Cause) -> EngineChange {
        EngineChange(kind: .output, name: declaration.name, value: written, timestamp: timestamp, cause: cause,
                     chip: declaration.chip, line: declaration.line)
    }

    /// What is sent into `level`, for the engine's writer to subscribe to.
    var followedValues: Input<Bool> { _level }
}

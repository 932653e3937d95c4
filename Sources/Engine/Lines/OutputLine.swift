import Config
import Reactive
import Values

/// One configured output line: an `AnyConsumer` that the followed signal or input is
/// bound to, and what the engine wants on the line versus what it last wrote.
final class OutputLine {
    let declaration: OutputDeclaration
    let offset: UInt32
    /// Index of its request in the engine's output requests.
    let requestIndex: Int
    /// Fed with `bind(to:)` from the followed signal or input. Each value goes straight
    /// to `propagation` (the consumer's `receiveValue`): no pipeline, no subscription of
    /// its own between the followed level and the engine's writes.
    @Input var level = AnyConsumer<Bool>()
    /// Where `level`'s values go: the engine's propagation, once `buildGraph` wired it.
    @exclusivity(unchecked) var propagation: Propagation?
    /// What the graph last asked for.
    @exclusivity(unchecked) var desired: Bool
    /// What is on the line (logical).
    @exclusivity(unchecked) var written: Bool
    /// When the line was last written with a new value; nil: not since start.
    @exclusivity(unchecked) var changedAt: UInt64?
    /// When the line last went from on to off, this engine's write or the one a reload
    /// replaced: its interlock's `wait` counts from then.
    @exclusivity(unchecked) var wentOffAt: UInt64?
    /// `command: true`: the commands, and what it follows, before its timing.
    var command: OutputCommand?
    /// `override: true`: auto, or on or off by hand, before its timing.
    var override: OutputOverride?
    /// The timing between what it follows and the line, for `why`.
    var pulse: OutputPulse?
    var maxOn: OutputMaxOn?
    /// Whether it waits in `Propagation.pendingOutputs`.
    @exclusivity(unchecked) var isPending = false
    /// The interlock it is in (the engine keeps it for as long as it lives), and its
    /// place there.
    @exclusivity(unchecked) unowned(unsafe) var interlock: Interlock?
    var interlockIndex = 0

    /// - Parameter level: what the line holds now: `initial`, or on a reload the level
    ///   the previous engine left on it.
    init(declaration: OutputDeclaration, offset: UInt32, requestIndex: Int, level: Bool? = nil) {
        self.declaration = declaration
        self.offset = offset
        self.requestIndex = requestIndex
        desired = level ?? declaration.initial
        written = level ?? declaration.initial
        // A closure can capture `self` only once every property is set, so the consumer
        // that reaches it replaces the plain one here, before anyone can see either.
        _level = Input(wrappedValue: AnyConsumer { [unowned self] value in
            let line = self  // one checked load of the unowned reference, not two
            line.propagation?.request(line, value)
        })
    }

    var name: String { declaration.name }

    /// What was last written, as a change.
    func change(at timestamp: UInt64, cause: EngineChange.Cause) -> EngineChange {
        var change = EngineChange(.output(declaration.name), value: .level(written), timestamp: timestamp, cause: cause,
                                  chip: declaration.chip, line: declaration.line)
        change.mode = override?.mode
        return change
    }
}

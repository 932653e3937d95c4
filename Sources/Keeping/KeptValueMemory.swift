import KeptState
import Values

/// A `KeptValueSink` in memory: the state file of a run that `gpioagg test` restarts.
/// Every value handed over is kept at once, so after a kill it holds exactly what the
/// daemon's state writer had been given.
///
/// ```swift
/// let memory = KeptValueMemory()
/// memory.record(.output("pump"), true, promptly: false)
/// memory.values[.output("pump")]      // on
/// ```
public final class KeptValueMemory: KeptValueSink {
    public private(set) var values: [NodeID: KeptValue]

    public init(_ values: [NodeID: KeptValue] = [:]) {
        self.values = values
    }

    public func record(_ key: NodeID, _ value: KeptValue, promptly: Bool) {
        values[key] = value
    }

    public func retain(only keys: Set<NodeID>) {
        values = values.filter { keys.contains($0.key) }
    }
}

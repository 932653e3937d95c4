import KeptState
import Values

/// Where a `KeptValueRecorder` hands the values it keeps: the daemon's `StateWriter`,
/// which puts them in the state file off the loop's thread, or `KeptValueMemory`, which
/// holds them as `gpioagg test` restarts an engine. What a sink holds is what survives a
/// kill: the recorder decides what to hand over and when, the sink only keeps it.
///
/// ```swift
/// let recorder = KeptValueRecorder(bootClock: clock, loop: loop, sink: KeptValueMemory())
/// ```
public protocol KeptValueSink: AnyObject {
    /// The latest value of each key: what was there at the start, with every record since.
    var values: [NodeID: KeptValue] { get }

    /// Keeps `value` for `key`. `promptly`: a value its recorder already hands over
    /// seldom (a kept total), which a sink that delays its writes writes at once.
    func record(_ key: NodeID, _ value: KeptValue, promptly: Bool)

    /// Forgets every key not in `keys`: what the configuration no longer keeps.
    func retain(only keys: Set<NodeID>)
}

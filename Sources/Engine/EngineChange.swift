/// A change of an input, a signal or an output, as observers of an engine hear it.
///
/// ```swift
/// let observation = engine.observeChanges { change in
///     print(change)               // "signal all_on on"
/// }
/// ```
public struct EngineChange: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        case input
        case signal
        case output
    }

    public var kind: Kind
    public var name: String
    /// The new logical value.
    public var value: Bool
    /// When it happened, in nanoseconds on the event-timestamp clock (`CLOCK_MONOTONIC`
    /// on the kernel backend): the kernel's timestamp of the edge that caused it, or the
    /// time of the deadline, re-read, start or stop that did.
    public var timestamp: UInt64

    public init(kind: Kind, name: String, value: Bool, timestamp: UInt64) {
        self.kind = kind
        self.name = name
        self.value = value
        self.timestamp = timestamp
    }

    public var description: String { "\(kind.rawValue) \(name) \(value ? "on" : "off")" }
}

import GPIO

/// A change of an input, a signal or an output, as observers of an engine hear it: what
/// changed, why, and where it is declared, so that every log entry of it carries the
/// same fields whatever the path (start, an edge, a reload, a stop).
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

    /// Why the value changed.
    public enum Cause: String, Hashable, Sendable {
        /// The value at start: an output requested at its `initial` value (or, on a
        /// reload, at the level it had), an input as read, a signal as first computed.
        case initial
        /// The graph followed an input.
        case change
        /// The first writes of a graph that replaced another (a reload).
        case reload
        /// Stop or failure: the output went to its `safe` value.
        case safeState = "safe state"
    }

    public var kind: Kind
    public var name: String
    /// The new logical value.
    public var value: Bool
    /// When it happened, in nanoseconds on the event loop's clock (`CLOCK_MONOTONIC` on
    /// the kernel backend): the kernel's timestamp of the edge that caused it, or the
    /// time of the deadline, re-read, start or stop that did.
    public var timestamp: UInt64
    public var cause: Cause
    /// The chip (as the configuration names it) and the line of an input or an output,
    /// as declared; nil for a signal.
    public var chip: String?
    public var line: LineLocator?
    /// A momentary signal activated (it is on for that instant only, and `value` is
    /// true).
    public var isActivation = false

    public init(kind: Kind, name: String, value: Bool, timestamp: UInt64, cause: Cause = .change,
                chip: String? = nil, line: LineLocator? = nil) {
        self.kind = kind
        self.name = name
        self.value = value
        self.timestamp = timestamp
        self.cause = cause
        self.chip = chip
        self.line = line
    }

    public var description: String {
        "\(kind.rawValue) \(name) \(isActivation ? "activated" : value ? "on" : "off")"
    }
}

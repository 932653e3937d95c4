import GPIO
import Values

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
    /// Why the value changed.
    public enum Cause: String, Hashable, Sendable {
        /// The value at start: an output requested at its `initial` value (or, on a
        /// reload, at the level it had), an input as read, a signal as first computed.
        case initial
        /// The value at start of a PWM output whose channel was running already (exported
        /// by a run that ended without its safe values, or by hand): the duty cycle it
        /// ran, taken over without a write. What it is asked for comes after, as a change.
        case takenOver = "taken over as it ran"
        /// The graph followed an input.
        case change
        /// The first writes of a graph that replaced another (a reload).
        case reload
        /// Stop or failure: the output went to its `safe` value.
        case safeState = "safe state"
    }

    /// Which input, signal or output changed.
    public var node: NodeID
    /// The new value: a level, a number with its unit, or unavailable.
    public var value: NodeValue
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
    /// on).
    public var isActivation = false
    /// The same value again, from a `heartbeat:` filter: the graph has nothing new, but
    /// what publishes values (MQTT) sends it again; the log leaves it out.
    public var isRepeat = false
    /// The decimal places a number is shown, logged and published with (the node's
    /// `precision:`).
    public var precision: Int
    /// A counter's `period:` with each change of its total: the period it counts and
    /// the last one's total (the state file keeps them, Home Assistant reads them as
    /// attributes); nil for every other node.
    public var period: PeriodTotals?
    /// An output with `override: true`: its mode with each change (the state file keeps
    /// it); nil for every other node.
    public var mode: OverrideMode?

    public init(_ node: NodeID, value: NodeValue, timestamp: UInt64, cause: Cause = .change,
                chip: String? = nil, line: LineLocator? = nil, precision: Int = NodeValue.defaultPrecision) {
        self.node = node
        self.value = value
        self.timestamp = timestamp
        self.cause = cause
        self.chip = chip
        self.line = line
        self.precision = precision
    }

    public var kind: NodeKind { node.kind }
    /// A value at start (`initial`, or `taken over as it ran`), not a change the graph made.
    public var isStart: Bool { cause == .initial || cause == .takenOver }
    public var name: String { node.name }

    /// The value as a word (`on`, `off`, `activated`, `27.50`, `unavailable`), without
    /// its unit: what the journal's `GPIO_VALUE` holds.
    public var valueWord: String {
        isActivation ? "activated" : value.word(precision: precision)
    }

    /// `signal all_on on`, `input greenhouse 27.50 °C`, `signal click activated`.
    public var description: String {
        "\(node) \(isActivation ? "activated" : value.text(precision: precision))"
    }
}

/// What a threshold decided after a new value or a new bound: its level, whether that
/// differs from the level before, and, when the level is the fallback, why.
public struct ThresholdDecision: Hashable, Sendable {
    public var level: Bool
    /// True when `level` differs from the level before: the engine sends only then.
    public var changed: Bool
    /// Nil when the level follows the value; otherwise why the fallback is taken.
    public var fallbackReason: ThresholdFallbackReason?

    public init(level: Bool, changed: Bool, fallbackReason: ThresholdFallbackReason? = nil) {
        self.level = level
        self.changed = changed
        self.fallbackReason = fallbackReason
    }
}

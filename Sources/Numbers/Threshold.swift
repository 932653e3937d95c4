/// A number turned into on/off with hysteresis, as a state machine: it is told each new
/// value of its operand and each new bound (a set point), and returns the level to show.
///
/// `above: A`: on when the value is at or above A, off once it is at or below A minus
/// the hysteresis, unchanged in between; with no hysteresis, off below A. `below: B` is
/// the mirror image: on at or below B, off once at or above B plus the hysteresis. When
/// the bound moves the value is weighed again against the band around the new bound.
///
/// A level is only carried across the band while it came from a value. At start, and
/// when a value comes back after the operand or the bound was unavailable, the level is
/// on only if the value is past the bound: the fallback level says nothing about which
/// side the value was on.
///
/// ```swift
/// var tooHot = try Threshold(.above, bound: 28, hysteresis: 2)
/// tooHot.receive(value: 28).level      // true
/// tooHot.receive(value: 27).level      // true: inside the band
/// tooHot.receive(value: 26).level      // false
/// tooHot.receive(value: nil)           // level: false (the fallback), .operandUnavailable
/// ```
public struct Threshold: Sendable {
    public let direction: ThresholdDirection
    public let hysteresis: Double
    /// The level while the operand or the bound is unavailable.
    public let fallback: Bool
    /// The current bound; nil while a set point is unavailable.
    public private(set) var bound: Double?
    /// The operand's current value; nil while it is unavailable (and before the first).
    public private(set) var value: Double?
    /// The level shown now: the fallback until both a value and a bound are known.
    public private(set) var level: Bool
    /// True when `level` came from a value, so that the band may keep it.
    private var isMeasured = false

    /// A threshold on `bound` (a number, or nil for a set point not known yet).
    /// Throws when the hysteresis is negative or not a finite number.
    ///
    /// - Parameter carried: the level a threshold declared the same way had from a value
    ///   (a reload of an unchanged config): the band keeps it, so that a value inside
    ///   the band does not turn it off. Nil: a start.
    public init(
        _ direction: ThresholdDirection, bound: Double?, hysteresis: Double = 0, fallback: Bool = false,
        carrying carried: Bool? = nil
    ) throws(NumbersError) {
        guard hysteresis.isFinite, hysteresis >= 0 else { throw .negativeHysteresis(hysteresis) }
        self.direction = direction
        self.hysteresis = hysteresis
        self.fallback = fallback
        self.bound = bound
        level = carried ?? fallback
        isMeasured = carried != nil
    }

    /// Whether the level came from a value (not the fallback): what a reload carries.
    public var isDecided: Bool { isMeasured }

    /// Where it switches around the current bound; nil while the bound is unavailable.
    public var band: ThresholdBand? {
        bound.map { ThresholdBand(direction, bound: $0, hysteresis: hysteresis) }
    }

    /// Why the level is the fallback now; nil when it follows the value.
    public var fallbackReason: ThresholdFallbackReason? {
        if value == nil { return .operandUnavailable }
        return bound == nil ? .boundUnavailable : nil
    }

    /// The operand's new value (nil: unavailable).
    public mutating func receive(value: Double?) -> ThresholdDecision {
        self.value = value
        return decide()
    }

    /// The set point's new value (nil: unavailable).
    public mutating func receive(bound: Double?) -> ThresholdDecision {
        self.bound = bound
        return decide()
    }

    private mutating func decide() -> ThresholdDecision {
        let before = level
        if let value, let band {
            level = band.level(for: value, current: isMeasured && level)
            isMeasured = true
        } else {
            level = fallback
            isMeasured = false
        }
        return ThresholdDecision(level: level, changed: level != before, fallbackReason: fallbackReason)
    }
}

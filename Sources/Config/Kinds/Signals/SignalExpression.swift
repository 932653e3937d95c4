import Clock
/// How a signal derives its value. Operands are names of inputs or signals.
public enum SignalExpression: Hashable, Sendable {
    /// True while every operand is true (combineLatest over the operands).
    case all([String])
    /// True while at least one operand is true.
    case any([String])
    /// True while no operand is true.
    case none([String])
    /// The operand inverted.
    case not(String)
    /// True while at least `count` operands are true (1 ≤ count ≤ operands.count).
    case atLeast(count: Int, of: [String])
    /// Starts false; flips each time the operand becomes true (a rising edge, or an
    /// activation of a momentary signal). While `reset` is on, it is off and ignores
    /// the operand.
    case toggle(String, reset: String? = nil)
    /// A set-reset latch on levels (IEC 61131-3's RS and SR): on while `set` is on (or
    /// activates) and `reset` is off, off while `reset` is on (or activates), as it was
    /// while both are off. When both are on, `dominant` decides: `.reset` (the default,
    /// RS) off, `.set` (SR) on.
    case latch(set: String, reset: String, dominant: LatchDominance = .reset)
    /// Momentary: activates once each time the operand completes the gesture (`count`
    /// presses, each between `minPress` and `maxPress` long, released at most `gap`
    /// apart, and no further press within `gap` after the last), timed by the events'
    /// timestamps.
    case click(String, ClickGesture)
    /// True once every operand has turned on within `within` of the first one, then
    /// while all stay on; after it turns off, every operand must be off before it can
    /// turn on again.
    case allWithin([String], within: Duration)
    /// Takes `value`'s current value each time `on` becomes true (withLatestFrom);
    /// starts false.
    case sample(value: String, on: String)
    /// Rounds: true once each operand has become true at least once since the last
    /// round completed; back to false when the next round starts. Starts false.
    case zip([String])
    /// A number: the mean, least, greatest or sum of numeric operands.
    case aggregate(NumberAggregate, [String])
    /// A number: the first operand minus the second; unavailable when either is.
    case difference(String, String)
    /// A level from a numeric operand crossing a bound (`ThresholdDeclaration`).
    case threshold(String, ThresholdDeclaration)
    /// A number: the total of the operand's activations, each worth the counter's
    /// `multiply`; starts at 0, and goes down only when set.
    case count(String, CounterDeclaration)
    /// A number: how fast the numeric operand grows per `RateDeclaration.per`.
    case rate(String, RateDeclaration)
    /// A number: the numeric operand mapped along a line and clamped at both ends
    /// (`ScaleDeclaration`); unavailable while the operand is.
    case scale(String, ScaleDeclaration)
    /// `unavailable: NAME`: a level, on while the number `NAME` is unavailable (a sensor
    /// whose reads fail past its timeout, a remote input gone past its hold).
    case unavailable(String)
    /// `between: [FROM, TO]`: on from FROM (included) until TO (excluded) each day,
    /// local time (`DailyWindow`: `days:` names the days a window may start); at
    /// `fallback` while the system clock is not trusted (`ClockDeclaration.Trust`).
    case between(DailyWindow, fallback: Bool)
    /// `at: TIME`: activates once at TIME on each day it applies (`days:`), as a press
    /// does; momentary.
    case at(DailyMoment)

    /// The names this expression reads, in the order written.
    public var operands: [String] {
        switch self {
        case .all(let names), .any(let names), .none(let names), .zip(let names), .allWithin(let names, _):
            return names
        case .atLeast(_, let names): return names
        case .not(let name), .click(let name, _), .count(let name, _), .rate(let name, _),
             .scale(let name, _), .unavailable(let name): return [name]
        case .toggle(let name, let reset): return [name] + (reset.map { [$0] } ?? [])
        case .latch(let set, let reset, _): return [set, reset]
        case .sample(let value, let on): return [value, on]
        case .aggregate(_, let names): return names
        case .difference(let minuend, let subtrahend): return [minuend, subtrahend]
        case .threshold(let name, let threshold):
            if case .node(let bound) = threshold.bound { return [name, bound] }
            return [name]
        case .between, .at: return []
        }
    }

    /// Whether the signal's value is a number (`mean`, `min`, `max`, `sum`,
    /// `difference`, `count`, `rate`, `scale`) rather than a level.
    public var isNumeric: Bool {
        switch self {
        case .aggregate, .difference, .count, .rate, .scale: return true
        default: return false
        }
    }

    /// Whether every operand (as in `operands`) is a number: the numeric forms' and a
    /// threshold's (its operand and a bound that names a node). The other forms read
    /// levels only.
    public var readsNumbers: Bool {
        switch self {
        case .aggregate, .difference, .threshold, .rate, .scale, .unavailable: return true
        default: return false
        }
    }

    /// Whether the signal is momentary: on for an instant at each activation, never
    /// held. Only what reacts to activations may read it.
    public var isMomentary: Bool {
        switch self {
        case .click, .at: return true
        default: return false
        }
    }

    /// For each operand (as in `operands`), whether that place reacts to activations
    /// (rising edges) and so may read a momentary signal: `toggle`'s operand and its
    /// `reset`, `latch`'s `set` and `reset`, `sample`'s `on`, `zip`'s operands, what a
    /// `count` counts.
    public var operandsTakeActivations: [Bool] {
        switch self {
        case .toggle(_, let reset): return [true] + (reset == nil ? [] : [true])
        case .latch: return [true, true]
        case .sample: return [false, true]
        case .zip(let names): return Array(repeating: true, count: names.count)
        case .count: return [true]
        default: return Array(repeating: false, count: operands.count)
        }
    }
}

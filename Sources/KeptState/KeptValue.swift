import Values

/// One kept value: on or off and, for an output that is on, when it went on, so that its
/// `max_on` counts the time it was on before a restart; or the number of a numeric
/// command input; or, for a cover on two motors, that it was moving (from where).
///
/// A boolean literal is a level without a time: `[lamp: true]`.
///
/// ```swift
/// writer.record(pump, KeptValue(true, onSince: clock.now()))
/// writer.record(setpoint, .number(21.5))
/// let wasOn = writer.values[pump]?.isOn ?? false
/// ```
public enum KeptValue: Hashable, Sendable, ExpressibleByBooleanLiteral, CustomStringConvertible {
    /// On or off; when on, maybe when it went on.
    case level(Bool, onSince: BootInstant?)
    /// A number, finite: the state file has no word for infinity or NaN.
    case number(Double)
    /// A cover on two motors that was moving, from the position it was at when the move
    /// started (nil: not known): the position is not known at the next start.
    case moving(from: Double?)
    /// A counter's total with its `period:`: when the period it counts began (seconds
    /// since 1970) and the total of the period before, if one ended.
    case total(Double, periodStart: Int64, last: Double?)
    /// An output with `override: true`: its level (and, on, maybe when it went on, as
    /// `level`), and the mode chosen by hand, which holds across restarts.
    case overridden(Bool, onSince: BootInstant?, mode: OverrideMode)

    public init(_ isOn: Bool, onSince: BootInstant? = nil) {
        self = .level(isOn, onSince: isOn ? onSince : nil)
    }

    /// An overridden output's level and mode (`mode` nil: a plain level).
    public init(_ isOn: Bool, onSince: BootInstant? = nil, mode: OverrideMode?) {
        if let mode {
            self = .overridden(isOn, onSince: isOn ? onSince : nil, mode: mode)
        } else {
            self.init(isOn, onSince: onSince)
        }
    }

    public init(booleanLiteral isOn: Bool) {
        self.init(isOn)
    }

    /// True only for the level on.
    public var isOn: Bool { level == true }

    /// The level; nil for a number.
    public var level: Bool? {
        switch self {
        case .level(let isOn, _), .overridden(let isOn, _, _): isOn
        default: nil
        }
    }

    /// When the output went on; nil when off, for a number, or when no time was kept.
    public var onSince: BootInstant? {
        switch self {
        case .level(_, let since), .overridden(_, let since, _): since
        default: nil
        }
    }

    /// An override's mode; nil for anything but `.overridden`.
    public var mode: OverrideMode? {
        if case .overridden(_, _, let mode) = self { return mode }
        return nil
    }

    /// The number (a counter's total, with or without its period); nil for a level.
    public var number: Double? {
        switch self {
        case .number(let number), .total(let number, _, _): number
        default: nil
        }
    }

    /// A counter's period: when it began and the last period's total; nil for anything
    /// but `.total`.
    public var period: KeptPeriod? {
        if case .total(_, let start, let last) = self { return KeptPeriod(start: start, last: last) }
        return nil
    }

    /// Whether it says a cover was moving.
    public var isMoving: Bool {
        if case .moving = self { return true }
        return false
    }

    /// `on`, `off`, `on since BOOT_ID NANOSECONDS`, the number in Swift's shortest form
    /// that reads back as the same `Double` (`21.5`, `0.1`, `1e-07`), or `moving` and
    /// the position the move started from, if known (`moving 40.0`), or a counter's
    /// total and its period (`3.35 period 1781992800 last 1.2`): as in the state file.
    public var description: String {
        switch self {
        case .level(false, _): LevelWord.word(for: false)
        case .level(true, let since):
            LevelWord.word(for: true) + (since.map { " since \($0.bootID) \($0.nanoseconds)" } ?? "")
        case .number(let number): "\(number)"
        case .moving(let from): from.map { "moving \($0)" } ?? "moving"
        case .total(let total, let start, let last): "\(total) period \(start)" + (last.map { " last \($0)" } ?? "")
        case .overridden(let isOn, let since, let mode):
            KeptValue(isOn, onSince: since).description + " mode \(mode.rawValue)"
        }
    }
}

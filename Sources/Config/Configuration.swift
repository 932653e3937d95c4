import GPIO

/// A validated configuration: what the engine builds its signal graph from.
///
/// Every name is unique across inputs, signals and outputs; every reference resolves;
/// `signals` is in dependency order (each signal comes after everything it uses); no
/// line is claimed twice in the same words. Nothing here has touched hardware: line
/// names are resolved against the chip when the engine requests the lines, or against a
/// board's profile by `resolved(on:)`.
public struct Configuration: Hashable, Sendable {
    public var chips: [ChipDeclaration]
    public var inputs: [InputDeclaration]
    public var signals: [SignalDeclaration]
    public var outputs: [OutputDeclaration]
    /// The file it came from (as given), or a pseudo-name such as `<embedded demo>`.
    public var file: String

    public init(chips: [ChipDeclaration], inputs: [InputDeclaration],
                signals: [SignalDeclaration], outputs: [OutputDeclaration], file: String) {
        self.chips = chips
        self.inputs = inputs
        self.signals = signals
        self.outputs = outputs
        self.file = file
    }
}

/// Where something was written: for error messages (`FILE:LINE:COL`), 1-based.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// `chips: NAME: { label: ... }` (or `path:`, or `name:`).
public struct ChipDeclaration: Hashable, Sendable {
    public var name: String
    public var locator: ChipLocator
    public var location: SourceLocation

    public init(name: String, locator: ChipLocator, location: SourceLocation) {
        self.name = name
        self.locator = locator
        self.location = location
    }
}

/// `inputs: NAME: { chip, line, active, bias, debounce }`.
public struct InputDeclaration: Hashable, Sendable {
    public var name: String
    /// The name of a `ChipDeclaration`.
    public var chip: String
    public var line: LineLocator
    public var activeLow: Bool
    public var bias: Bias
    public var debounce: Debounce
    /// Where the input's name is written.
    public var location: SourceLocation
    /// Where its `line:` value is written (`location` when there is none to point at).
    public var lineLocation: SourceLocation

    public init(name: String, chip: String, line: LineLocator, activeLow: Bool = false,
                bias: Bias = .asIs, debounce: Debounce = .none, location: SourceLocation,
                lineLocation: SourceLocation? = nil) {
        self.name = name
        self.chip = chip
        self.line = line
        self.activeLow = activeLow
        self.bias = bias
        self.debounce = debounce
        self.location = location
        self.lineLocation = lineLocation ?? location
    }
}

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
    /// Starts false; flips each time the operand becomes true (a rising edge).
    case toggle(String)
    /// Takes `value`'s current value each time `on` becomes true (withLatestFrom);
    /// starts false.
    case sample(value: String, on: String)
    /// Rounds: true once each operand has become true at least once since the last
    /// round completed; back to false when the next round starts. Starts false.
    case zip([String])

    /// The names this expression reads, in the order written.
    public var operands: [String] {
        switch self {
        case .all(let names), .any(let names), .none(let names), .zip(let names): return names
        case .atLeast(_, let names): return names
        case .not(let name), .toggle(let name): return [name]
        case .sample(let value, let on): return [value, on]
        }
    }
}

/// `signals: NAME: { all: [...] }` and the other forms.
public struct SignalDeclaration: Hashable, Sendable {
    public var name: String
    public var expression: SignalExpression
    public var location: SourceLocation

    public init(name: String, expression: SignalExpression, location: SourceLocation) {
        self.name = name
        self.expression = expression
        self.location = location
    }
}

/// `outputs: NAME: { chip, line, follows, initial, safe, active, drive }`.
public struct OutputDeclaration: Hashable, Sendable {
    public var name: String
    public var chip: String
    public var line: LineLocator
    /// The name of a signal or an input.
    public var follows: String
    /// Logical value written when the line is requested, before any input is read.
    public var initial: Bool
    /// Logical value written on stop, on reload when the output goes away, and when
    /// anything fails.
    public var safe: Bool
    public var activeLow: Bool
    public var drive: Drive
    /// Where the output's name is written.
    public var location: SourceLocation
    /// Where its `line:` value is written (`location` when there is none to point at).
    public var lineLocation: SourceLocation

    public init(name: String, chip: String, line: LineLocator, follows: String,
                initial: Bool = false, safe: Bool = false, activeLow: Bool = false,
                drive: Drive = .pushPull, location: SourceLocation, lineLocation: SourceLocation? = nil) {
        self.name = name
        self.chip = chip
        self.line = line
        self.follows = follows
        self.initial = initial
        self.safe = safe
        self.activeLow = activeLow
        self.drive = drive
        self.location = location
        self.lineLocation = lineLocation ?? location
    }
}

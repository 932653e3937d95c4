/// `scale: NAME, from: [a, b], to: [c, d]` under `signals:`: a number mapped onto the
/// straight line through a → c and b → d, held at c before a and at d past b (a fan
/// curve), or with `clamp: false` taken on along the line (a plain linear conversion). `from` is in the operand's unit, `to` in the signal's (`%` unless `unit:`
/// says). `b` below `a` is a falling curve; `a` and `b` differ.
///
/// ```swift
/// // fan_speed: { scale: cpu, from: [50, 70], to: [30, 100] }
/// ScaleDeclaration(from: .init(50, 70), to: .init(30, 100))
/// ```
public struct ScaleDeclaration: Hashable, Sendable {
    /// Two numbers as written, `[start, end]`.
    public struct Ends: Hashable, Sendable {
        public var start: Double
        public var end: Double

        public init(_ start: Double, _ end: Double) {
            self.start = start
            self.end = end
        }
    }

    /// `from: [a, b]`, in the operand's unit.
    public var from: Ends
    /// `to: [c, d]`, in the signal's unit.
    public var to: Ends
    /// `clamp:`: whether a number beyond `from:`'s ends is held at `to:`'s (the
    /// default), or taken on along the line (`clamp: false`).
    public var clamps: Bool

    /// The unit of a scale without `unit:`: a fan's speed, a light's brightness.
    public static let defaultUnit = "%"

    public init(from: Ends, to: Ends, clamps: Bool = true) {
        self.from = from
        self.to = to
        self.clamps = clamps
    }
}

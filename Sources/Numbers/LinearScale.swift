/// `scale: NAME, from: [a, b], to: [c, d]`: a number mapped onto another along the
/// straight line through (a, c) and (b, d), clamped at both ends: a fan curve. With
/// `clamps` false (`clamp: false`) the line goes on past both ends: a plain linear
/// conversion (`from: [0, 3.3], to: [0, 100]` for a sensor's volts to its percent).
///
/// The value is `to`'s start plus the fraction of the way the number is from `a` to `b`
/// times the span of `to`, clamped to that span by `ClampFilter`: a finite number for
/// every finite number in, however steep the line (`from: [0, 1e-160], to: [0, 1e160]`
/// has a slope no `Double` holds). `b` below `a` is a falling curve; `to` may fall too,
/// and equal `to` ends give a constant. Unavailable in is unavailable out.
///
/// ```swift
/// let curve = try LinearScale(from: (50, 70), to: (30, 100))
/// curve.value(of: 60)    // 65
/// curve.value(of: 80)    // 100: clamped
/// curve.point(for: 40)   // ScalePoint(value: 30, position: .beforeStart)
/// let line = try LinearScale(from: (0, 10), to: (32, 50), clamps: false)
/// line.value(of: 20)     // 68: past the end, on the same line
/// ```
public struct LinearScale: Sendable {
    /// `from: [a, b]`, in the operand's unit.
    public let from: (start: Double, end: Double)
    /// `to: [c, d]`, in the signal's unit.
    public let to: (start: Double, end: Double)
    /// Whether a number beyond `from`'s ends is held at `to`'s (true, the default), or
    /// taken along the same line.
    public let clamps: Bool
    private let clamp: ClampFilter

    /// Throws when `from`'s ends are equal (no line goes through them) or a number is
    /// not finite.
    public init(from: (start: Double, end: Double), to: (start: Double, end: Double),
                clamps: Bool = true) throws(NumbersError) {
        for value in [from.start, from.end, to.start, to.end] where !value.isFinite {
            throw .notFinite("scale", value)
        }
        guard from.start != from.end else { throw .equalScaleEnds(from.start) }
        self.from = from
        self.to = to
        self.clamps = clamps
        clamp = try ClampFilter(min: Swift.min(to.start, to.end), max: Swift.max(to.start, to.end))
    }

    /// The scaled value of `operand`; nil (unavailable) for nil. Without clamping, a
    /// number far past the ends of a steep line may give one that is not finite
    /// (`from: [0, 1e-160], to: [0, 1e160]` at 1e200): the caller makes that unavailable.
    public func value(of operand: Double?) -> Double? {
        operand.map { point(for: $0).value }
    }

    /// Where `operand` falls on the curve, and the value there: `to`'s start before the
    /// curve starts, its end past where it ends (or the line there, without clamping),
    /// the line in between (ends included).
    public func point(for operand: Double) -> ScalePoint {
        let rising = from.end > from.start
        let position: ScalePoint.Position = if rising ? operand < from.start : operand > from.start {
            .beforeStart
        } else if rising ? operand > from.end : operand < from.end {
            .pastEnd
        } else {
            .onCurve
        }
        switch position {
        case .beforeStart where clamps: return ScalePoint(value: to.start, position: .beforeStart)
        case .pastEnd where clamps: return ScalePoint(value: to.end, position: .pastEnd)
        case .beforeStart, .pastEnd: return ScalePoint(value: extended(operand), position: position, isClamped: false)
        case .onCurve: break
        }
        // The clamp keeps a rounding of the line at an end within `to`.
        return ScalePoint(value: clamp.apply(along(fraction(of: operand))), position: .onCurve)
    }

    /// How far `operand` (between `from`'s ends) is from the start to the end, 0 to 1.
    /// Halves where the span itself is past what a Double holds (`from: [-1e308, 1e308]`).
    private func fraction(of operand: Double) -> Double {
        let span = from.end - from.start
        let fraction = span.isFinite
            ? (operand - from.start) / span
            : (operand / 2 - from.start / 2) / (from.end / 2 - from.start / 2)
        return Swift.min(Swift.max(fraction, 0), 1)
    }

    /// The line beyond `from`'s ends: the fraction of the way is below 0 or above 1.
    private func extended(_ operand: Double) -> Double {
        // A constant line stays constant however far out (0 × inf would be nan).
        guard to.start != to.end else { return to.start }
        let span = from.end - from.start
        let fraction = span.isFinite
            ? (operand - from.start) / span
            : (operand / 2 - from.start / 2) / (from.end / 2 - from.start / 2)
        return along(fraction)
    }

    /// The point `fraction` of the way along `to`.
    private func along(_ fraction: Double) -> Double {
        let span = to.end - to.start
        return span.isFinite ? to.start + fraction * span : to.start * (1 - fraction) + to.end * fraction
    }
}

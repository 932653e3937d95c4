import Values

/// A computation whose result left what a `Double` holds: a sum past 1.8e308 is `inf`,
/// and `inf - inf` is `nan`, neither of them a number. The node it was for is
/// unavailable instead, so that a threshold takes its fallback and a PWM output its
/// `safe`, and this says why (`gpioagg why`).
///
/// ```swift
/// NumberOverflow("1.7e308 + 1.7e308").description   // "overflow: 1.7e308 + 1.7e308 is not a finite number"
/// NumberOverflow.sum([1.7e308, 1.7e308])              // the same
/// ```
public struct NumberOverflow: Error, Hashable, Sendable, CustomStringConvertible {
    /// The computation, in numbers: `1.7e308 + 1.7e308`, `1e308 × 10`.
    public let computation: String

    public init(_ computation: String) {
        self.computation = computation
    }

    /// A value that is not a finite number, where nothing says how it came about.
    public init(notFinite value: Double) {
        computation = DecimalText.shortest(value)
    }

    public var description: String { "overflow: \(computation) is not a finite number" }

    /// `a + b + c`, with a negative operand written `+ -3`: the computation as it was done.
    static func sum(_ operands: [Double]) -> NumberOverflow {
        NumberOverflow(operands.map(DecimalText.shortest).joined(separator: " + "))
    }

    /// `a - b - c`.
    static func difference(_ operands: [Double]) -> NumberOverflow {
        NumberOverflow(operands.map(DecimalText.shortest).joined(separator: " - "))
    }
}

extension Double {
    /// `self`, or the overflow `computation` names when it is not a finite number.
    func finite(_ computation: @autoclosure () -> String) -> Result<Double, NumberOverflow> {
        isFinite ? .success(self) : .failure(NumberOverflow(computation()))
    }
}

/// A numeric signal over a list of operands: `mean`, `min`, `max`, `sum` or
/// `difference`. Unavailable is nil.
///
/// `mean`, `min` and `max` leave unavailable operands out, so that one sensor that stops
/// answering does not take the room's temperature with it; they are unavailable only
/// when every operand is. `sum` and `difference` are unavailable when any operand is: a
/// total without one of its parts, or a difference without one side, would be a wrong
/// number rather than a less precise one.
///
/// ```swift
/// Aggregate.mean.value(of: [27.9, 28.4, nil])   // 28.15
/// Aggregate.sum.value(of: [1, nil])             // nil
/// Aggregate.difference.value(of: [28, 3.5])     // 24.5
/// ```
public enum Aggregate: String, CaseIterable, Sendable {
    case mean
    case min
    case max
    case sum
    /// The first operand minus the others: `difference: [a, b]` is a minus b (the config
    /// takes exactly two).
    case difference

    /// The aggregate of `operands`, in one pass and without building anything: it runs
    /// on every change of every operand.
    public func value(of operands: [Double?]) -> Double? {
        switch self {
        case .mean, .min, .max: availableValue(of: operands)
        case .sum, .difference: completeValue(of: operands)
        }
    }

    /// `mean`, `min` and `max`: over the available operands; nil when there are none.
    private func availableValue(of operands: [Double?]) -> Double? {
        var count = 0
        var result = 0.0
        for case let operand? in operands {
            count += 1
            switch self {
            case .min: result = count == 1 ? operand : Swift.min(result, operand)
            case .max: result = count == 1 ? operand : Swift.max(result, operand)
            default: result += operand
            }
        }
        guard count > 0 else { return nil }
        return self == .mean ? result / Double(count) : result
    }

    /// `sum` and `difference`: nil as soon as one operand is unavailable.
    private func completeValue(of operands: [Double?]) -> Double? {
        var result = 0.0
        for (index, operand) in operands.enumerated() {
            guard let operand else { return nil }
            result += self == .difference && index > 0 ? -operand : operand
        }
        return result
    }
}

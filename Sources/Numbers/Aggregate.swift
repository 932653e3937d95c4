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

    /// The aggregate of `operands`; nil when it is unavailable, or not a finite number
    /// (`result(of:)` says which).
    public func value(of operands: [Double?]) -> Double? {
        (try? result(of: operands).get()) ?? nil
    }

    /// The aggregate of `operands` (nil: unavailable), or the overflow that made it no
    /// number: a `sum` or `difference` beyond what a `Double` holds. A `mean`, `min` or
    /// `max` of finite numbers is always one: it lies between the least and the greatest.
    /// In one pass and without building anything: it runs on every change of every
    /// operand.
    public func result(of operands: [Double?]) -> Result<Double?, NumberOverflow> {
        switch self {
        case .mean, .min, .max: .success(availableValue(of: operands))
        case .sum, .difference: completeValue(of: operands)
        }
    }

    /// `mean`, `min` and `max`: over the available operands; nil when there are none.
    private func availableValue(of operands: [Double?]) -> Double? {
        var count = 0
        var result = 0.0
        var least = Double.infinity
        var greatest = -Double.infinity
        for case let operand? in operands {
            count += 1
            least = Swift.min(least, operand)
            greatest = Swift.max(greatest, operand)
            result += operand
        }
        guard count > 0 else { return nil }
        switch self {
        case .min: return least
        case .max: return greatest
        default:
            // A sum past what a Double holds (1.7e308 + 1.6e308) still has a mean: the
            // sum of each operand's share then. Rounding never takes it past the operands.
            var mean = result / Double(count)
            if !mean.isFinite {
                mean = 0
                for case let operand? in operands { mean += operand / Double(count) }
            }
            return Swift.min(Swift.max(mean, least), greatest)
        }
    }

    /// `sum` and `difference`: nil as soon as one operand is unavailable; the overflow
    /// when the result is not a finite number.
    private func completeValue(of operands: [Double?]) -> Result<Double?, NumberOverflow> {
        var result = 0.0
        for (index, operand) in operands.enumerated() {
            guard let operand else { return .success(nil) }
            result += self == .difference && index > 0 ? -operand : operand
        }
        guard result.isFinite else {
            let numbers = operands.compactMap { $0 }
            return .failure(self == .difference ? .difference(numbers) : .sum(numbers))
        }
        return .success(result)
    }
}

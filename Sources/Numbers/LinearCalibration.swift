import Values

/// `calibrate_linear`: pairs of a measured value and the true value, and the straight
/// line that fits them best (least squares), applied to each value, as ESPHome's
/// `calibrate_linear` (without its `method: exact`, a line per segment).
///
/// Two pairs give the line through them; more pairs give the line closest to all of
/// them, so one poor reading does not decide the calibration.
///
/// ```swift
/// let calibration = try LinearCalibration(pairs: [(measured: 0, true: 1), (measured: 10, true: 21)])
/// calibration.apply(5)   // 11: slope 2, intercept 1
/// ```
public struct LinearCalibration: PointwiseFilter {
    public let slope: Double
    public let intercept: Double

    /// Throws with fewer than two pairs, or when every pair was measured at the same
    /// value (no line goes through them).
    public init(pairs: [(measured: Double, true: Double)]) throws(NumbersError) {
        guard pairs.count >= 2 else { throw .tooFewPairs(pairs.count) }
        for pair in pairs where !pair.measured.isFinite || !pair.true.isFinite {
            throw .notFinite("calibrate_linear", pair.measured.isFinite ? pair.true : pair.measured)
        }
        let count = Double(pairs.count)
        let meanMeasured = pairs.reduce(0) { $0 + $1.measured } / count
        let meanTrue = pairs.reduce(0) { $0 + $1.true } / count
        // Deviations from the means rather than sums of squares: the same line, without
        // the cancellation of large sums for readings far from zero.
        var covariance = 0.0
        var variance = 0.0
        for pair in pairs {
            let deviation = pair.measured - meanMeasured
            covariance += deviation * (pair.true - meanTrue)
            variance += deviation * deviation
        }
        guard variance > 0 else { throw .equalMeasuredValues(pairs[0].measured) }
        slope = covariance / variance
        intercept = meanTrue - slope * meanMeasured
    }

    public func apply(_ value: Double) -> Double { slope * value + intercept }

    public func computation(of value: Double) -> String {
        DecimalText.shortest(slope) + " × " + DecimalText.shortest(value) + " + " + DecimalText.shortest(intercept)
    }
}

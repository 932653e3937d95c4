/// A threshold or a filter that cannot be built from what it was given. The config's
/// checker refuses the same things with the file, line and column; this is the last line
/// of defence and says what is wrong and how to fix it.
///
/// A struct around a private code, so that kinds can be added later.
///
/// ```swift
/// do { _ = try LinearCalibration(pairs: [(0, 1)]) } catch { print(error) }
/// // "calibrate_linear has 1 pair of measured and true values: give at least 2 pairs"
/// ```
public struct NumbersError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case negativeHysteresis(Double)
        case tooFewPairs(Int)
        case equalMeasuredValues(Double)
        case windowSize(filter: String, size: Int)
        case alpha(Double)
        case clampBounds(min: Double, max: Double)
        case negativeDelta(Double)
        case zeroDuration(filter: String)
        case notFinite(filter: String, value: Double)
        case equalScaleEnds(Double)
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    static func negativeHysteresis(_ hysteresis: Double) -> Self { Self(.negativeHysteresis(hysteresis)) }
    static func tooFewPairs(_ count: Int) -> Self { Self(.tooFewPairs(count)) }
    static func equalMeasuredValues(_ measured: Double) -> Self { Self(.equalMeasuredValues(measured)) }
    static func windowSize(_ filter: String, _ size: Int) -> Self { Self(.windowSize(filter: filter, size: size)) }
    static func alpha(_ alpha: Double) -> Self { Self(.alpha(alpha)) }
    static func clampBounds(min: Double, max: Double) -> Self { Self(.clampBounds(min: min, max: max)) }
    static func negativeDelta(_ delta: Double) -> Self { Self(.negativeDelta(delta)) }
    static func zeroDuration(_ filter: String) -> Self { Self(.zeroDuration(filter: filter)) }
    static func notFinite(_ filter: String, _ value: Double) -> Self { Self(.notFinite(filter: filter, value: value)) }
    static func equalScaleEnds(_ value: Double) -> Self { Self(.equalScaleEnds(value)) }

    public var description: String {
        switch code {
        case .negativeHysteresis(let hysteresis):
            "hysteresis is \(hysteresis): give 0 or a positive number"
        case .tooFewPairs(let count):
            "calibrate_linear has \(count) pair\(count == 1 ? "" : "s") of measured and true values: give at least 2 pairs"
        case .equalMeasuredValues(let measured):
            "calibrate_linear measures \(measured) in every pair, which gives no line: give pairs measured at different values"
        case .windowSize(let filter, let size):
            "\(filter) has a window of \(size) values: give 1 or more"
        case .alpha(let alpha):
            "exponential_moving_average has alpha \(alpha): give a number above 0 and at most 1"
        case .clampBounds(let min, let max):
            "clamp has min \(min) above max \(max): swap them"
        case .negativeDelta(let delta):
            "delta is \(delta): give 0 or a positive number"
        case .zeroDuration(let filter):
            "\(filter) has a duration of 0: give a positive duration"
        case .notFinite(let filter, let value):
            "\(filter) is \(value): give a finite number"
        case .equalScaleEnds(let value):
            "scale has from: [\(value), \(value)], which gives no line: give from: two different numbers"
        }
    }
}

/// One entry of `filters:` on a numeric input or signal, each with ESPHome's meaning;
/// they apply in the order written. The engine maps each case to one filter.
///
/// ```swift
/// // filters: [{ median: 5 }, { offset: -0.4 }, { delta: 0.1 }]
/// [NumberFilterDeclaration.median(window: 5), .offset(-0.4), .delta(0.1)]
/// ```
public enum NumberFilterDeclaration: Hashable, Sendable {
    /// `offset: X`: adds X.
    case offset(Double)
    /// `multiply: X`: multiplies by X.
    case multiply(Double)
    /// `calibrate_linear: [[measured, true], ...]`: the least-squares line through the
    /// pairs (at least two, measured values not all equal).
    case calibrateLinear([CalibrationPoint])
    /// `clamp: { min: A, max: B }`: limits to A...B (either may be left out).
    case clamp(minimum: Double?, maximum: Double?)
    /// `median: N`: the median of the last N values.
    case median(window: Int)
    /// `moving_average: N`: the mean of the last N values.
    case movingAverage(window: Int)
    /// `exponential_moving_average: ALPHA`: ALPHA times the value plus (1 - ALPHA) times
    /// the previous average (0 < ALPHA <= 1).
    case exponentialMovingAverage(alpha: Double)
    /// `throttle: D`: at most one value per D; the others are dropped.
    case throttle(Duration)
    /// `heartbeat: D`: the last value again every D.
    case heartbeat(Duration)
    /// `timeout: D`: unavailable after D without a new value.
    case timeout(Duration)
    /// `delta: X`: passes a value only when it differs by at least X from the last one
    /// passed.
    case delta(Double)

    /// The filter's key, as a config file writes it.
    public var key: String {
        switch self {
        case .offset: "offset"
        case .multiply: "multiply"
        case .calibrateLinear: "calibrate_linear"
        case .clamp: "clamp"
        case .median: "median"
        case .movingAverage: "moving_average"
        case .exponentialMovingAverage: "exponential_moving_average"
        case .throttle: "throttle"
        case .heartbeat: "heartbeat"
        case .timeout: "timeout"
        case .delta: "delta"
        }
    }

    /// Every filter's key, in the order docs/CONFIG.md lists them.
    public static let keys = ["offset", "multiply", "calibrate_linear", "clamp", "median", "moving_average",
                              "exponential_moving_average", "throttle", "heartbeat", "timeout", "delta"]
}

/// A pair of `calibrate_linear:`: what the sensor read, and what it should have read.
public struct CalibrationPoint: Hashable, Sendable {
    public var measured: Double
    public var actual: Double

    public init(measured: Double, actual: Double) {
        self.measured = measured
        self.actual = actual
    }
}

/// One entry of a `filters:` list, as the config names it; `makeStage()` builds the state
/// machine that runs it. Durations are nanoseconds on the loop's clock.
///
/// ```swift
/// let chain = try FilterChain([.median(5), .offset(-0.4), .delta(0.1)])
/// ```
public enum NumberFilter: Sendable {
    case offset(Double)
    case multiply(Double)
    case calibrateLinear([(measured: Double, true: Double)])
    case clamp(min: Double?, max: Double?)
    case median(Int)
    case movingAverage(Int)
    case exponentialMovingAverage(alpha: Double)
    case throttle(nanoseconds: UInt64)
    case delta(Double)
    case heartbeat(nanoseconds: UInt64)
    case timeout(nanoseconds: UInt64)

    /// The filter's state machine, fresh. Throws what the filter refuses (fewer than two
    /// calibration pairs, a window of 0, a duration of 0...).
    public func makeStage() throws(NumbersError) -> any NumberFilterStage {
        switch self {
        case .offset(let offset): try OffsetFilter(offset)
        case .multiply(let factor): try MultiplyFilter(factor)
        case .calibrateLinear(let pairs): try LinearCalibration(pairs: pairs)
        case .clamp(let min, let max): try ClampFilter(min: min, max: max)
        case .median(let size): try MedianFilter(size)
        case .movingAverage(let size): try MovingAverageFilter(size)
        case .exponentialMovingAverage(let alpha): try ExponentialMovingAverageFilter(alpha: alpha)
        case .throttle(let interval): try ThrottleFilter(interval: interval)
        case .delta(let delta): try DeltaFilter(delta)
        case .heartbeat(let period): try HeartbeatFilter(period: period)
        case .timeout(let timeout): try TimeoutFilter(timeout: timeout)
        }
    }
}

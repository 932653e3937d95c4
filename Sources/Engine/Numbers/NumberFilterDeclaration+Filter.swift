import Config
import Numbers

extension NumberFilterDeclaration {
    /// The filter that runs this entry of `filters:`, its durations on the loop's clock.
    var filter: NumberFilter {
        switch self {
        case .offset(let offset): .offset(offset)
        case .multiply(let factor): .multiply(factor)
        case .calibrateLinear(let points): .calibrateLinear(points.map { (measured: $0.measured, true: $0.actual) })
        case .clamp(let minimum, let maximum): .clamp(min: minimum, max: maximum)
        case .median(let window): .median(window)
        case .movingAverage(let window): .movingAverage(window)
        case .exponentialMovingAverage(let alpha): .exponentialMovingAverage(alpha: alpha)
        case .throttle(let interval): .throttle(nanoseconds: interval.wholeNanoseconds)
        case .heartbeat(let period): .heartbeat(nanoseconds: period.wholeNanoseconds)
        case .timeout(let timeout): .timeout(nanoseconds: timeout.wholeNanoseconds)
        case .delta(let delta): .delta(delta)
        }
    }
}

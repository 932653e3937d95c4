/// A numeric node's settings as a config file writes them.
extension ConfigText {
    /// A numeric node's unit, and its precision, filters and state class where not the
    /// defaults: `unit: °C, precision: 1, filters: [median: 5, offset: -0.4]`.
    public static func number(_ number: NumberDeclaration) -> String {
        var text = "unit: " + (number.unit.isNone ? "none" : number.unit.symbol)
        if number.precision != NumberDeclaration.defaultPrecision { text += ", precision: \(number.precision)" }
        if !number.filters.isEmpty { text += ", filters: [" + number.filters.map(filter).joined(separator: ", ") + "]" }
        if number.stateClass != .measurement { text += ", state_class: \(number.stateClass.rawValue)" }
        return text
    }

    /// One filter, briefly: `median: 5`, `clamp: 0..100`, `calibrate_linear: 3 pairs`.
    public static func filter(_ filter: NumberFilterDeclaration) -> String {
        let value = switch filter {
        case .offset(let x), .multiply(let x), .delta(let x), .exponentialMovingAverage(let x): decimal(x)
        case .median(let window), .movingAverage(let window): String(window)
        case .throttle(let time), .heartbeat(let time), .timeout(let time): duration(time)
        case .calibrateLinear(let points): "\(points.count) pairs"
        case .clamp(let minimum, let maximum): (minimum.map(decimal) ?? "") + ".." + (maximum.map(decimal) ?? "")
        }
        return "\(filter.key): \(value)"
    }
}

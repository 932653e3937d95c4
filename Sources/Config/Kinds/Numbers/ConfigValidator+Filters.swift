import Values

/// `filters:` on a numeric input or signal: a list of one-key mappings, each a filter
/// with ESPHome's meaning (`NumberFilterDeclaration`).
extension ConfigValidator {
    static let filtersExample = "filters: [{ median: 5 }, { offset: -0.4 }]"

    /// The filters in the order written; nil when any is invalid (each reported).
    mutating func filters(_ entry: SourceNode.Entry, in what: String) -> [NumberFilterDeclaration]? {
        let items: [SourceNode]
        switch entry.value.content {
        case .sequence(let list):
            items = list
        case .reported:
            return nil
        case .null:
            return []
        default:
            report(entry.value.location, "filters: in \(what) must be a list, found \(entry.value.kindDescription)",
                   hint: "write \(Self.filtersExample)")
            return nil
        }
        var filters: [NumberFilterDeclaration] = []
        var valid = true
        for item in items {
            guard let filter = filter(item, in: what) else {
                valid = false
                continue
            }
            filters.append(filter)
        }
        return valid ? filters : nil
    }

    /// One `{ NAME: VALUE }` of `filters:`.
    private mutating func filter(_ item: SourceNode, in what: String) -> NumberFilterDeclaration? {
        let place = "filters: of \(what)"
        guard let settings = settings(item, of: "a filter in \(place)", example: "{ median: 5 }") else { return nil }
        guard settings.count == 1, let setting = settings.first else {
            report(item.location, "a filter in \(place) has \(settings.isEmpty ? "no" : "\(settings.count)") keys",
                   hint: "each filter is one key, in order: \(Self.filtersExample)")
            return nil
        }
        guard NumberFilterDeclaration.keys.contains(setting.key) else {
            let list = "filters: " + NumberFilterDeclaration.keys.joined(separator: ", ")
            report(setting.keyLocation, "unknown filter '\(setting.key)' in \(place)",
                   hint: NearestNames.didYouMean(setting.key, among: NumberFilterDeclaration.keys, list: list))
            return nil
        }
        switch setting.key {
        case "offset":
            return decimal(setting, in: place).map(NumberFilterDeclaration.offset)
        case "multiply":
            return decimal(setting, in: place).map(NumberFilterDeclaration.multiply)
        case "delta":
            guard let delta = decimal(setting, in: place) else { return nil }
            guard delta >= 0 else {
                report(setting.value.location, "delta: \(ConfigText.decimal(delta)) in \(place) is negative",
                       hint: "delta: is the least change passed on, 0 or more, e.g. delta: 0.1")
                return nil
            }
            return .delta(delta)
        case "median", "moving_average":
            guard let window = wholeNumber(setting, in: place) else { return nil }
            guard window >= 1 else {
                report(setting.value.location, "\(setting.key): \(window) in \(place) is less than 1",
                       hint: "\(setting.key): is how many of the last values it takes, 1 or more, e.g. \(setting.key): 5")
                return nil
            }
            return setting.key == "median" ? .median(window: window) : .movingAverage(window: window)
        case "exponential_moving_average":
            guard let alpha = decimal(setting, in: place) else { return nil }
            guard alpha > 0, alpha <= 1 else {
                report(setting.value.location, "exponential_moving_average: \(ConfigText.decimal(alpha)) in \(place) is outside 0 to 1",
                       hint: "the weight of each new value, more than 0 and at most 1, e.g. exponential_moving_average: 0.1")
                return nil
            }
            return .exponentialMovingAverage(alpha: alpha)
        case "throttle", "heartbeat", "timeout":
            guard let time = timeSetting(setting, in: place, zeroAllowed: false) else { return nil }
            switch setting.key {
            case "throttle": return .throttle(time)
            case "heartbeat": return .heartbeat(time)
            default: return .timeout(time)
            }
        case "clamp":
            return clamp(setting, in: place)
        default:
            return calibrateLinear(setting, in: place)
        }
    }

    /// `clamp: { min: A, max: B }`, at least one of them, A <= B.
    private mutating func clamp(_ entry: SourceNode.Entry, in place: String) -> NumberFilterDeclaration? {
        let example = "clamp: { min: 0, max: 100 }"
        guard let settings = settings(entry.value, of: "clamp: in \(place)", example: example) else { return nil }
        checkKeys(settings, allowed: ["min", "max"], place: "in clamp: of \(place)")
        guard settings.contains(where: { $0.key == "min" || $0.key == "max" }) else {
            // A misspelt bound was reported as an unknown key with a suggestion.
            if settings.allSatisfy({ NearestNames.didYouMean($0.key, among: ["min", "max"]) == nil }) {
                report(entry.value.location, "clamp: in \(place) needs min:, max: or both", hint: "write \(example)")
            }
            return nil
        }
        var bounds: [String: Double] = [:]
        var valid = true
        for setting in settings where setting.key == "min" || setting.key == "max" {
            guard let value = decimal(setting, in: "clamp: of \(place)") else {
                valid = false
                continue
            }
            bounds[setting.key] = value
        }
        guard valid else { return nil }
        if let minimum = bounds["min"], let maximum = bounds["max"], minimum > maximum,
           let entry = settings.first(where: { $0.key == "max" }) {
            report(entry.value.location, "clamp: max: \(ConfigText.decimal(maximum)) in \(place) is less than min: \(ConfigText.decimal(minimum))",
                   hint: "clamp: limits values to min: ... max:; write the smaller as min:")
            return nil
        }
        return .clamp(minimum: bounds["min"], maximum: bounds["max"])
    }

    /// `calibrate_linear: [[measured, true], ...]`: two pairs or more, measured values not
    /// all equal (the line through them would be vertical).
    private mutating func calibrateLinear(_ entry: SourceNode.Entry, in place: String) -> NumberFilterDeclaration? {
        let shape = "write the pairs the sensor read and what it should have read: calibrate_linear: [[0.2, 0], [9.7, 10]]"
        guard case .sequence(let pairs) = entry.value.content else {
            if case .reported = entry.value.content { return nil }
            report(entry.value.location, "calibrate_linear: in \(place) must be a list of [measured, true] pairs, "
                + "found \(entry.value.kindDescription)", hint: shape)
            return nil
        }
        var points: [CalibrationPoint] = []
        var valid = true
        for pair in pairs {
            guard case .sequence(let values) = pair.content, values.count == 2 else {
                if case .reported = pair.content { valid = false; continue }
                report(pair.location, "a pair of calibrate_linear: in \(place) must be [measured, true], found \(pair.kindDescription)",
                       hint: shape)
                valid = false
                continue
            }
            let numbers = values.compactMap { value -> Double? in
                guard let text = value.scalarText, let number = DecimalText.parse(text) else {
                    report(value.location, "calibrate_linear: in \(place) must hold decimal numbers, found \(value.scalarText.map { "'\($0)'" } ?? value.kindDescription)",
                           hint: Self.decimalHint)
                    return nil
                }
                return number
            }
            guard numbers.count == 2 else { valid = false; continue }
            points.append(CalibrationPoint(measured: numbers[0], actual: numbers[1]))
        }
        guard valid else { return nil }
        guard points.count >= 2 else {
            report(entry.value.location, "calibrate_linear: in \(place) has \(points.count) pair\(points.count == 1 ? "" : "s"); it needs at least 2",
                   hint: shape)
            return nil
        }
        if Set(points.map(\.measured)).count == 1 {
            report(entry.value.location, "calibrate_linear: in \(place) has every measured value \(ConfigText.decimal(points[0].measured))",
                   hint: "the pairs need at least two different measured values to fit a line")
            return nil
        }
        return .calibrateLinear(points)
    }
}

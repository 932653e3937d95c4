import Values

/// Where a threshold switches, from its current bound and its hysteresis: what `gpioagg
/// why` shows. Between the two the level stays as it was.
///
/// ```swift
/// let band = ThresholdBand(.above, bound: 28, hysteresis: 2)
/// band.onAt, band.offAt   // 28, 26
/// "\(band)"               // "on at 28.0 and above, off at 26.0 and below"
/// band.text(precision: 1, unit: "°C")   // "on at 28.0 °C and above, off at 26.0 °C and below"
/// ```
public struct ThresholdBand: Hashable, Sendable, CustomStringConvertible {
    public let direction: ThresholdDirection
    /// The bound: on at or past it.
    public let onAt: Double
    /// The bound moved back by the hysteresis: off at or past it, the other way. With no
    /// hysteresis it equals `onAt`, and the level is off as soon as the value is not past
    /// the bound.
    public let offAt: Double

    public init(_ direction: ThresholdDirection, bound: Double, hysteresis: Double) {
        self.direction = direction
        onAt = bound
        offAt = direction == .above ? bound - hysteresis : bound + hysteresis
    }

    /// True when `value` is at or past the bound.
    public func isPast(_ value: Double) -> Bool {
        direction == .above ? value >= onAt : value <= onAt
    }

    /// The level for `value`, `current` being the level before it: on past the bound, off
    /// at or past `offAt` the other way, `current` in between.
    public func level(for value: Double, current: Bool) -> Bool {
        if isPast(value) { return true }
        let isOff = direction == .above ? value <= offAt : value >= offAt
        return isOff ? false : current
    }

    /// The band as `gpioagg why` shows it: both ends at the node's precision, with its unit.
    public func text(precision: Int, unit: MeasurementUnit) -> String {
        phrase { NodeValue.number($0, unit).text(precision: precision) }
    }

    public var description: String { phrase { "\($0)" } }

    private func phrase(_ show: (Double) -> String) -> String {
        let (on, off) = direction == .above ? ("above", "below") : ("below", "above")
        return "on at \(show(onAt)) and \(on), off at \(show(offAt)) and \(off)"
    }
}

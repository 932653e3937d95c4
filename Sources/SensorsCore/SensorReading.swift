import Values

/// One sensor's read: the value in its unit, or why there is none, and when the read
/// ended on `MonotonicClock` (the loop's clock), so the caller orders and times it.
///
/// ```swift
/// reading.value        // .number(21.5, unit: "°C"), or .unavailable on a failure
/// reading.failure      // nil, or why
/// reading.readAt       // nanoseconds on MonotonicClock
/// ```
public struct SensorReading: Hashable, Sendable {
    public let sensor: Sensor
    public let outcome: Result<Double, SensorFailure>
    public let readAt: UInt64

    public init(sensor: Sensor, outcome: Result<Double, SensorFailure>, readAt: UInt64) {
        self.sensor = sensor
        self.outcome = outcome
        self.readAt = readAt
    }

    /// The node's value: the number with the sensor's unit, or unavailable.
    public var value: NodeValue {
        if case .success(let number) = outcome { return .number(number, sensor.unit) }
        return .unavailable
    }

    public var failure: SensorFailure? {
        if case .failure(let failure) = outcome { return failure }
        return nil
    }
}

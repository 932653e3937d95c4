/// Home Assistant's `state_class` of a `sensor`: how its long-term statistics read the
/// value (Home Assistant's `SensorStateClass`).
///
/// ```swift
/// SensorStateClass(rawValue: "total_increasing")   // .totalIncreasing: a drop starts a new meter cycle
/// ```
public enum SensorStateClass: String, Hashable, Sendable, CaseIterable {
    /// A value in present time: a temperature, a humidity (the default).
    case measurement
    /// A total that can go up and down: net energy.
    case total
    /// A total that only grows; a drop is read as a new meter cycle.
    case totalIncreasing = "total_increasing"
}

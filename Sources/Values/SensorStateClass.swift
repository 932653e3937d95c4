/// How a number runs over time, as the config's `state_class:` says: a value in present
/// time, or a total. A fact of the number, so that it travels in its `NumberForm`; Home
/// Assistant's `sensor` reads its long-term statistics by it (its `SensorStateClass`).
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

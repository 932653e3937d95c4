/// The keys every numeric input and signal takes, and no level: part of the schemas of
/// the kinds that may be numbers.
enum NumberKeys {
    static let keys = [
        ConfigKey("unit", "\"°C\"", "the number's unit"),
        ConfigKey("precision", "1", "the decimal places it is shown and compared with"),
        ConfigKey("filters", "[median: 5]", "filters its values go through, in order"),
        ConfigKey("state_class", "measurement", "Home Assistant's state class"),
    ]
    static let names = keys.map(\.name)
}

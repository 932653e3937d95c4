/// A sensor input in `gpioagg check`.
extension ConfigSummary {
    /// `iio bme280 channel in_temp_input, every 30s, timeout 5m, initial unavailable, unit: °C`.
    static func sensorInput(_ input: SensorInputDeclaration) -> String {
        "\(input.sensor.device) channel \(input.sensor.channel), "
            + "every \(ReadableDuration.format(input.interval)), timeout \(ReadableDuration.format(input.timeout)), "
            + "initial \(input.initial.map(ConfigText.decimal) ?? "unavailable"), " + ConfigText.number(input.number)
    }
}

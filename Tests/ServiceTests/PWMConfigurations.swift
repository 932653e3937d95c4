import Config
import PWM

/// Configurations with PWM outputs, made by hand so that what the daemon does with them
/// is tested apart from the YAML parser.
enum PWMConfigurations {
    static let location = SourceLocation(file: "fan.yaml", line: 1, column: 1)

    /// `inputs: { cpu: a numeric command input }`, plus `chips` (name, locator) and PWM
    /// outputs on them.
    static func make(chips: [(String, PWMControllerLocator)], outputs: [PWMOutputDeclaration]) throws -> Configuration {
        var configuration = try ConfigLoader.parse("""
            inputs:
              cpu: { command: true, type: number, unit: °C, initial: 40, min: 0, max: 120 }
            """, file: "fan.yaml")
        configuration.pwmChips = chips.map { PWMChipDeclaration(name: $0.0, locator: $0.1, location: location) }
        configuration.pwmOutputs = outputs
        return configuration
    }

    /// A 25 kHz output on `chip`'s `channel`.
    static func output(_ name: String, chip: String = "pwm", channel: Int, safe: Double = 100,
                       activeLow: Bool = false) -> PWMOutputDeclaration {
        var output = PWMOutputDeclaration(name: name, chip: chip, channel: channel, period: 40_000, follows: nil,
                                          initial: 100, safe: safe, location: location)
        output.command = true
        output.activeLow = activeLow
        return output
    }
}

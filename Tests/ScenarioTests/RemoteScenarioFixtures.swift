import Config
import Scenario

/// A house board whose siren follows the shed board's door while armed, and two numbers
/// from elsewhere: the shed's temperature (another gpioagg node's, with its availability)
/// and the weather station's (any publisher's).
enum RemoteScenarioFixtures {
    static let configText = """
        chips:
          main: { label: pinctrl-bcm2711 }
        mqtt: { broker: mqtt://127.0.0.1, node: house }
        inputs:
          armed: { command: true }
          shed_door: { topic: gpioagg/shed/door, fallback: off, hold: 30s }
          shed_temp: { topic: gpioagg/shed/temperature, type: number, unit: "°C", hold: 0 }
          outside: { topic: weather/outside/temperature, type: number, unit: "°C" }
        signals:
          intrusion: { all: [armed, shed_door] }
        outputs:
          siren: { chip: main, line: GPIO5, follows: intrusion }

        """

    static let fixture = ScenarioFixture("siren", config: configText)

    static var configuration: Configuration { fixture.configuration }

    static func load(_ steps: [String]) throws -> LoadedScenario { try fixture.load(steps) }

    static func run(_ steps: [String]) throws -> ScenarioResult { try fixture.run(steps) }

    /// The errors of `steps` against `configuration`, each as `LINE:COL message` and its
    /// hint.
    static func errors(_ steps: [String], configuration: Configuration = configuration) -> [String] {
        do {
            _ = try ScenarioLoader.parse(fixture.text(steps), file: fixture.file, configuration: configuration)
            return []
        } catch {
            return error.errors.map { "\($0.location.line):\($0.location.column) \($0.message) | \($0.hint)" }
        }
    }

    static func location(_ line: Int, _ column: Int) -> Config.SourceLocation {
        fixture.location(line, column)
    }
}

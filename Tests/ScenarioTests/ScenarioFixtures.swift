import Config
import Scenario
import Testing

/// A small house: a motion sensor and a door without debounce, a push button with a
/// 20 ms debounce whose presses toggle a lamp; the light relay follows motion or the
/// lamp, the chime the button itself.
enum ScenarioFixtures {
    static let configText = """
        chips:
          main: { label: pinctrl-bcm2711 }
        inputs:
          motion: { chip: main, line: GPIO17 }
          button: { chip: main, line: GPIO27, active: low, bias: pull-up, debounce: 20ms }
          door: { chip: main, line: GPIO22 }
        signals:
          lit: { toggle: button }
          light_on: { any: [motion, lit] }
        outputs:
          light_relay: { chip: main, line: GPIO5, follows: light_on }
          chime: { chip: main, line: GPIO6, follows: button }

        """

    static let house = ScenarioFixture("house", config: configText)

    static var configuration: Configuration { house.configuration }

    /// `steps`, one per line, as a test file's text.
    static func text(_ steps: [String]) -> String { house.text(steps) }

    static func load(_ steps: [String], file: String = "house.test.yaml") throws -> LoadedScenario {
        try ScenarioLoader.parse(text(steps), file: file, configuration: configuration)
    }

    /// The errors reading `text` (as `file`, against `configuration`) reports, as
    /// `LINE:COL message`.
    static func errors(_ text: String, file: String = "house.test.yaml",
                       configuration: Configuration = configuration) -> [String] {
        do {
            _ = try ScenarioLoader.parse(text, file: file, configuration: configuration)
            return []
        } catch {
            return error.errors.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        }
    }

    /// A place in the test file `file`.
    static func location(_ line: Int, _ column: Int, in file: String = "house.test.yaml") -> Config.SourceLocation {
        Config.SourceLocation(file: file, line: line, column: column)
    }

    static func run(_ steps: [String]) throws -> ScenarioResult { try house.run(steps) }
}

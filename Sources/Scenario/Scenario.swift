import Clock
import Config

/// A test file: a config's behaviour over time, written as steps that move its inputs,
/// let virtual time pass and say what the inputs, signals and outputs should be.
///
/// ```yaml
/// # garage.test.yaml
/// config: garage.yaml            # relative to this file
/// steps:
///   - set: { motion: on }
///   - wait: 1s
///   - expect: { light_relay: on }
/// ```
///
/// `ScenarioLoader` reads one and checks its names against its config;
/// `ScenarioRunner` runs it on virtual time.
public struct Scenario: Hashable, Sendable {
    /// `config:` as written, and the path it names (relative to the test file's folder).
    public struct ConfigReference: Hashable, Sendable {
        public var path: String
        public var location: SourceLocation

        public init(path: String, location: SourceLocation) {
            self.path = path
            self.location = location
        }
    }

    /// The test file, as given.
    public var file: String
    /// Nil when the file has no `config:` (then `--config` must name one).
    public var config: ConfigReference?
    /// `start: "2026-06-21 21:20"`: the local time (in the config's `clock.timezone`) at
    /// which virtual time starts; nil: `Scenario.defaultStart`.
    public var start: LocalDateTime?
    /// `initial: { float_high: on }`: the levels line inputs are held at before the
    /// engine starts (a switch beats a line's `bias:`), so that the start reads them.
    public var initial: [ScenarioStep.NamedValue] = []
    public var steps: [ScenarioStep]

    public init(file: String, config: ConfigReference? = nil, steps: [ScenarioStep]) {
        self.file = file
        self.config = config
        self.steps = steps
    }

    /// How many expectations the steps hold: each name of `expect`, `expect_active` and
    /// `expect_quiet` is one.
    /// Where virtual time starts without `start:`: 2026-01-01 00:00, local time.
    public static let defaultStart = LocalDateTime(date: try! CivilDate(year: 2026, month: 1, day: 1), secondOfDay: 0)

    public var expectationCount: Int {
        steps.reduce(0) { count, step in
            switch step.action {
            case .expect(let levels): return count + levels.count
            case .expectActive(let names), .expectQuiet(let names): return count + names.count
            case .set, .toggle, .pulse, .pulses, .wait, .clock, .restart: return count
            case .remote, .broker: return count
            }
        }
    }
}

import Config
import Scenario
import Testing

/// A config that test-file tests run steps against: its text read once as `NAME.yaml`,
/// and each test's steps read as the test file `NAME.test.yaml` that names it.
///
/// ```swift
/// static let fixture = ScenarioFixture("porch", config: """
///     chips: ...
///     """)
/// let result = try fixture.run(["set: { motion: on }", "expect: { lamp: on }"])
/// ```
struct ScenarioFixture: Sendable {
    let name: String
    let configuration: Configuration

    /// `config` read as `NAME.yaml`; a fixture that does not read stops the tests, with
    /// its errors.
    init(_ name: String, config: String) {
        self.name = name
        do {
            configuration = try ConfigLoader.parse(config, file: "\(name).yaml")
        } catch {
            fatalError("the fixture config \(name).yaml is invalid: \(error)")
        }
    }

    /// The test file's name: `NAME.test.yaml`.
    var file: String { "\(name).test.yaml" }

    /// `steps`, one per line, as a test file's text.
    func text(_ steps: [String]) -> String {
        "config: \(name).yaml\nsteps:\n" + steps.map { "  - \($0)\n" }.joined()
    }

    func load(_ steps: [String]) throws(ConfigErrors) -> LoadedScenario {
        try ScenarioLoader.parse(text(steps), file: file, configuration: configuration)
    }

    func run(_ steps: [String]) throws -> ScenarioResult {
        ScenarioRunner.run(try load(steps))
    }

    /// Runs `steps` and expects them to end without an error and every expectation met:
    /// `passed` of them.
    @discardableResult
    func expectPasses(_ steps: [String], passed: Int,
                      sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> ScenarioResult {
        let result = try run(steps)
        #expect(result.error == nil, "\(result.error ?? "")", sourceLocation: sourceLocation)
        #expect(result.failures.isEmpty, "\(result.failures.map(\.description))", sourceLocation: sourceLocation)
        #expect(result.passed == passed, sourceLocation: sourceLocation)
        return result
    }

    /// The errors reading `steps`, each as `LINE:COL message`.
    func errors(_ steps: [String]) -> [String] {
        do {
            _ = try load(steps)
            return []
        } catch {
            return error.errors.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        }
    }

    /// A place in the test file.
    func location(_ line: Int, _ column: Int) -> Config.SourceLocation {
        Config.SourceLocation(file: file, line: line, column: column)
    }
}

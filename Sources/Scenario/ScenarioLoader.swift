import Config

/// A test file read and checked, with the configuration it runs: what `ScenarioRunner`
/// takes.
public struct LoadedScenario: Sendable {
    public var scenario: Scenario
    public var configuration: Configuration

    public init(scenario: Scenario, configuration: Configuration) {
        self.scenario = scenario
        self.configuration = configuration
    }
}

/// Reads test files and their configs, and reports everything wrong with both before
/// anything runs: the test file's errors in source order (unknown step keys, values,
/// names, with the nearest names suggested), then the config's, each as
/// `FILE:LINE:COL: error: ...` with a hint.
///
/// ```swift
/// do {
///     let loaded = try ScenarioLoader.load(path: "garage.test.yaml")
///     let result = ScenarioRunner.run(loaded)
/// } catch {
///     print(error)    // every error, test file and config alike
/// }
/// ```
public enum ScenarioLoader {
    /// Reads the test file at `path` and the config it names (`config:`, relative to the
    /// test file's folder), or `config` when given (as `--config` gives it).
    public static func load(path: String, config override: String? = nil) throws(ConfigErrors) -> LoadedScenario {
        let (root, documentErrors) = try ConfigLoader.loadDocument(path: path, noun: "test file")
        let (scenario, readErrors) = ScenarioReader.read(root, file: path)
        let configPath: String
        if let override {
            configPath = override
        } else if let reference = scenario.config {
            configPath = reference.path
        } else {
            let missing = ConfigError(location: root.location, message: "the test file names no config",
                                      hint: "add config: FILE.yaml (relative to this file), or give --config PATH")
            throw ConfigErrors(sortedBySource(documentErrors + readErrors + [missing]))
        }
        let configuration: Configuration
        do throws(ConfigErrors) {
            configuration = try ConfigLoader.load(path: configPath)
        } catch {
            let configErrors = error.errors.map { problem in
                // A config that cannot be read at all is the test file's mistake.
                guard override == nil, problem.location.line == 0, let reference = scenario.config else { return problem }
                return ConfigError(location: reference.location,
                                   message: problem.message.replacingFirst("the config file", with: "the config file '\(configPath)'"),
                                   hint: "config: is relative to the test file's folder; --config PATH overrides it")
            }
            throw ConfigErrors(sortedBySource(documentErrors + readErrors) + configErrors)
        }
        // Read again now that the config says which names hold numbers.
        return try read(root, file: path, documentErrors: documentErrors, against: configuration)
    }

    /// Reads test-file `text` against a configuration already loaded (its `config:` is
    /// not read): for tests, and tools that hold the configuration.
    public static func parse(_ text: String, file: String, configuration: Configuration) throws(ConfigErrors)
        -> LoadedScenario {
        let (root, documentErrors) = try ConfigLoader.parseDocument(text, file: file, noun: "test file")
        return try read(root, file: file, documentErrors: documentErrors, against: configuration)
    }

    /// The scenario in `root`, its values read as `configuration` says each name holds
    /// (`1` is on for a level and one for a number; `on` for a number is refused), and
    /// its names checked against it.
    private static func read(_ root: SourceNode, file: String, documentErrors: [ConfigError],
                             against configuration: Configuration) throws(ConfigErrors) -> LoadedScenario {
        let (scenario, readErrors) = ScenarioReader.read(root, file: file, numbers: NumericNodes(configuration))
        let errors = documentErrors + readErrors + scenario.nameErrors(against: configuration)
            + scenario.remoteErrors(against: configuration)
        guard errors.isEmpty else { throw ConfigErrors(sortedBySource(errors)) }
        return LoadedScenario(scenario: scenario, configuration: configuration)
    }

    /// By line, then column; errors at the same place keep their order.
    static func sortedBySource(_ errors: [ConfigError]) -> [ConfigError] {
        errors.enumerated().sorted {
            ($0.element.location.line, $0.element.location.column, $0.offset)
                < ($1.element.location.line, $1.element.location.column, $1.offset)
        }.map(\.element)
    }
}

extension String {
    /// This text with the first `target` replaced, without Foundation.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
